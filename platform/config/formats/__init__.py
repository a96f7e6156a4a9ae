"""The site's own date formats where Django's locale formats fall short (FORMAT_MODULE_PATH):
each language's folder overrides only the names it lists; the rest stay Django's."""
