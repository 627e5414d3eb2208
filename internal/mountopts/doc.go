// Package mountopts reads a renderer's mount options: the one JSON object web/a2ui.js
// passes to __a2uiGo.create (README "A2UI.mount" documents the page's side). Parse
// checks it into Options, plain data that can cross a thread boundary; Options.Render
// resolves it into render.Options: the policy and the mount's limits, the function sets,
// the OpenWOP profile, the page's catalogs, the strings and the action URL rule of the
// transport. An option it refuses is an *Error, and the renderer is not created (fails
// closed).
//
// Place in the pipeline: page options → mountopts → render.New. webhost adds what only
// the browser has (the host prefix, the Intl formatter, timers) and starts the agent
// connection the options name. The package has no syscall/js and is tested on the host.
package mountopts
