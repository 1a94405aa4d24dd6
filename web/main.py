"""Placeholder glue: show that the engine runs in the page, then mark the page ready."""

from pyscript import document

import rattus

document.getElementById("status").textContent = f"Rattus engine {rattus.__version__}"
regions = document.getElementById("regions")
for name in rattus.REGIONS:
    item = document.createElement("li")
    item.textContent = name
    regions.append(item)
document.body.dataset.ready = "1"
