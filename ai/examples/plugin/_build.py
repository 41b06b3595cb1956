"""A minimal PEP 517 build backend (standard library only) for this example plugin.

It builds a pure-Python wheel of the package directories listed below, with
the metadata and entry points read from pyproject.toml. Real plugins use
setuptools or hatchling; this exists so the example installs offline.
"""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PACKAGES = ["catan_example_bot"]


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"
    ]
    return project


def _dist_info(project: dict[str, Any]) -> tuple[str, dict[str, str]]:
    name = project["name"].replace("-", "_")
    version = project["version"]
    info = f"{name}-{version}.dist-info"
    meta = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {version}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '')}",
    ]
    meta += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    eps = []
    for group, entries in project.get("entry-points", {}).items():
        eps.append(f"[{group}]")
        eps += [f"{k} = {v}" for k, v in entries.items()]
    files = {
        f"{info}/METADATA": "\n".join(meta) + "\n",
        f"{info}/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: _build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
        f"{info}/entry_points.txt": "\n".join(eps) + "\n",
    }
    return info, files


ConfigSettings = dict[str, str | list[str]] | None
"""PEP 517's config_settings: the frontend's options for the backend."""


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    return []


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: ConfigSettings = None
) -> str:
    info, files = _dist_info(_project())
    for name, text in files.items():
        path = Path(metadata_directory) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return info


def build_wheel(
    wheel_directory: str,
    config_settings: ConfigSettings = None,
    metadata_directory: str | None = None,
) -> str:
    project = _project()
    info, files = _dist_info(project)
    for package in PACKAGES:
        for path in sorted((HERE / package).rglob("*.py")):
            files[path.relative_to(HERE).as_posix()] = path.read_text(encoding="utf-8")
    record = []
    for name, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{name},sha256={digest.decode()},{len(text.encode())}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = "\n".join(record) + "\n"
    wheel_name = f"{project['name'].replace('-', '_')}-{project['version']}-py3-none-any.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel_name, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return wheel_name
