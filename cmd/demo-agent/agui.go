package main

import (
	"net/http"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/aguiagent"
)

// WithAGUI serves the AG-UI agent's run endpoint (aguiagent.Path) in front of site.
func WithAGUI(site, agui http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(aguiagent.Path, agui)
	mux.Handle("/", site)
	return mux
}
