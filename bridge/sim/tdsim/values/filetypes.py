"""tdu.fileTypes and tdu.FileInfo (TDU Class page). tdu.fileTypes: "A dictionary of all supported file types, organized by
category", each a list of extensions without the dot, in lower case (scripts test
`suffix.lower() in tdu.fileTypes['movie']` and join lists with +).

The extensions are those of the File Types page of the documentation, for the categories the
TDU Class page names ('image', 'movie', 'audio'). UNVERIFIED: the build's other categories and
its exact lists; print `tdu.fileTypes` in a real build's textport to compare.
"""
from __future__ import annotations

import os

FILE_TYPES = {
    "image": ["tif", "tiff", "bmp", "gif", "hdr", "jpeg", "jpg", "pic", "png", "swf", "tga", "dds", "exr",
              "dpx", "ffs"],
    "movie": ["m4v", "mkv", "mov", "mp4", "hsp", "notchlc", "mpeg", "mpg", "avi", "flv", "m2ts", "wmv", "h265",
              "vp8", "vp9", "3gp", "mxf", "ts", "r3d"],
    "audio": ["aif", "aiff", "wav", "mp3", "flac", "ogg", "m4a", "avi", "flv", "m2ts", "m4v", "mkv", "mov", "mp4",
              "mpeg", "mpg", "mts", "wmv", "3gp", "mxf", "ts", "r3d"],
}


def file_types():
    """A fresh copy: the dict is the module's, its lists the caller's."""
    return {k: list(v) for k, v in FILE_TYPES.items()}


def file_type(path):
    """FileInfo.fileType: the first category whose list has the path's extension, '' for none
    (UNVERIFIED: what TouchDesigner answers for an extension of several categories or of none)."""
    ext = os.path.splitext(str(path))[1][1:].lower()
    for category, extensions in FILE_TYPES.items():
        if ext in extensions:
            return category
    return ""


class FileInfo(str):
    """TDU.FileInfo: a str (the path) with path, ext, fileType (its category in tdu.fileTypes),
    absPath, dir, exists, isDir, isFile and baseName. Par.evalFile() gives one."""

    path = property(lambda self: str(self))
    ext = property(lambda self: os.path.splitext(self)[1])
    fileType = property(lambda self: file_type(self))
    absPath = property(lambda self: os.path.abspath(self))
    dir = property(lambda self: os.path.dirname(self))
    exists = property(lambda self: os.path.exists(self))
    isDir = property(lambda self: os.path.isdir(self))
    isFile = property(lambda self: os.path.isfile(self))
    baseName = property(lambda self: os.path.basename(self))
