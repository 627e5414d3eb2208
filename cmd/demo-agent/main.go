package main

import (
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/aguiagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/mcpagent"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address (\":8080\" listens on every interface)")
	dir := flag.String("dir", "dist", "static site directory (made by `make build`)")
	samples := flag.String("samples", "testdata", "directory of sample JSONL streams for /agent/stream")
	delay := flag.Duration("delay", 60*time.Millisecond, "pause between streamed lines")
	flag.Parse()

	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		log.Printf("demo-agent: static dir %q missing (run `make build`); only /agent/ endpoints will work", *dir)
	}
	agent, err := demoagent.NewAgent(*samples, *delay)
	if err != nil {
		log.Fatalf("demo-agent: %v", err)
	}
	a2a := a2aagent.NewHandler(a2aagent.FromDemo(*samples, agent), a2aagent.Options{Delay: *delay})
	srv := &http.Server{
		Addr:              *addr,
		Handler:           WithMCP(WithAGUI(WithA2A(NewServer(*dir, agent), a2a), aguiagent.NewHandler(aguiagent.Options{Delay: *delay, Script: a2aagent.FromDemo(*samples, agent)})), mcpagent.New(a2aagent.FromDemo(*samples, agent), mcpagent.Options{})),
		ReadHeaderTimeout: 10 * time.Second,
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("demo-agent: %v", err)
	}
	log.Printf("demo-agent: serving %s at %s (samples %s, delay %s)", *dir, siteURL(ln.Addr()), *samples, *delay)
	log.Fatal(srv.Serve(ln))
}

// siteURL is the URL to open for a listener: its own address, or localhost (saying so)
// when it listens on every interface.
func siteURL(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	if tcp.IP == nil || tcp.IP.IsUnspecified() {
		return "http://localhost:" + strconv.Itoa(tcp.Port) + "/ (listening on every interface)"
	}
	return "http://" + net.JoinHostPort(tcp.IP.String(), strconv.Itoa(tcp.Port)) + "/"
}

// WithA2A serves the A2A agent's cards (/.well-known/agent-card.json, /a2a/...) and
// JSON-RPC endpoints (/a2a/v1, /a2a/v0.3) in front of site.
func WithA2A(site, a2a http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(a2aagent.PathCardBoth, a2a)
	mux.Handle("/a2a/", a2a)
	mux.Handle("/", site)
	return mux
}

// NewServer routes /agent/ to the agent and everything else to the static site in dir.
func NewServer(dir string, agent http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/agent/", agent)
	mux.Handle("/", Static(dir))
	return mux
}
