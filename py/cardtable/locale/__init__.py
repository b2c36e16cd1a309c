"""The languages the app speaks: one translators' catalog each in this folder
(``<lang>/LC_MESSAGES/cardtable.po``; English is the messages themselves).

The text layer (``ui.text.i18n``) loads the catalogs; the settings store (``stores.settings``) keeps
the one a player chose, so the list lives here, below both.
"""

#: the languages the app speaks, in the order the switch offers them (``web/i18n.js`` names them too)
LANGUAGES = ("en", "fr")
