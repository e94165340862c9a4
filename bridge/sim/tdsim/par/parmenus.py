"""The menu members of a parameter (Par Class: menuNames, menuLabels, menuIndex, menuSource):
its entries are its definition's, or those of the object its menuSource expression gives."""
from __future__ import annotations

from ..values.errors import tdError


class MenuMembers:
    __slots__ = ()

    @property
    def menuNames(self):
        names = self._menu_names()
        return list(names) if names is not None else ([] if self.isMenu else None)

    @menuNames.setter
    def menuNames(self, names):
        self._set_def("menu_names", tuple(str(n) for n in names))

    @property
    def menuLabels(self):
        labels = self._menu_labels()
        return list(labels) if labels is not None else ([] if self.isMenu else None)

    def _menu_source(self):
        """Par Class, menuSource: "an expression that returns an object with .menuItems .menuNames
        members" (another menu parameter, tdu.TableMenu, TDFunctions.parMenu), evaluated with the
        parameter's operator as `me`; None without a source."""
        source = self._def.menu_source
        if not source or not source.strip():
            return None
        found = self._owner._world.expressions.evaluate(source, self._owner)
        if not hasattr(found, "menuNames"):
            raise tdError(f"{self.name}: menuSource {source!r} gives no menu (an object with menuNames)")
        return found

    def _menu_names(self):
        source = self._menu_source()
        if source is not None:
            return tuple(str(n) for n in source.menuNames)
        return self._def.menu_names

    def _menu_labels(self):
        source = self._menu_source()
        if source is not None:
            labels = getattr(source, "menuLabels", None)
            return tuple(str(x) for x in (labels if labels is not None else source.menuNames))
        return self._def.menu_labels if self._def.menu_labels is not None else self._def.menu_names

    @menuLabels.setter
    def menuLabels(self, labels):
        self._set_def("menu_labels", tuple(str(n) for n in labels))

    @property
    def menuIndex(self):
        names = self._menu_names() or ()
        v = self.eval()
        return names.index(v) if v in names else -1

    @menuIndex.setter
    def menuIndex(self, index):
        names = self._menu_names() or ()
        if not isinstance(index, int) or not 0 <= index < len(names):
            raise tdError(f"Invalid menu index {index!r} for parameter '{self.name}'")
        self.val = names[index]
