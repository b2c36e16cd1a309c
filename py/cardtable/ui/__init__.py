"""The user interface: the only part of ``cardtable`` that imports ``js`` or ``pyodide``."""
