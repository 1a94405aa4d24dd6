"""The browser edge: the store's runner and its effects, DOM input, focus, painting a frame,
storage, other tabs, the bots' runner and the touch screen. The only package that imports
``pyscript``, ``pyodide`` or ``js``."""
