"""DATs: the DAT class, the Execute DAT family, and the Web Server and Web Client DATs."""
