package hostrules

import "mime"

func init() {
	// Types the site ships that not every system's mime table knows; with nosniff a missing type
	// would break them. Everything that serves the site or the admin SPA (sitegen serve, adminapi)
	// goes through this package.
	for ext, typ := range map[string]string{".woff2": "font/woff2", ".woff": "font/woff", ".webmanifest": "application/manifest+json",
		".ico": "image/x-icon", ".xml": "application/xml; charset=utf-8", ".txt": "text/plain; charset=utf-8",
		".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"} {
		_ = mime.AddExtensionType(ext, typ)
	}
}
