"""The user interface: the only part of ``cardtable`` that imports ``pyscript`` or ``js``."""
