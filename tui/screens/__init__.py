"""The app's screens: one per mode (menu, new game, load, rules, game); dialogs in dialogs/."""
