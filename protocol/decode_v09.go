package protocol

import "encoding/json"

// This file decodes the v0.9, v0.9.1, v0.10 and v1.0 messages. Component properties pass
// through unchanged (the catalog validates them); the envelope is validated strictly.

func decodeCreateSurface(v Version, body json.RawMessage, base, surface string, pace *pacer) (Message, *Error) {
	f := fields{base: base, surface: surface, pause: pace.pause}
	var ok bool
	if f.o, ok = parseObjPaused(body, pace.pause); !ok {
		return nil, verr(surface, base, "\"createSurface\" must be an object, got "+typeName(body))
	}
	if v == V10 {
		f.only("surfaceId", "catalogId", "sendDataModel", "components", "dataModel", "metadata")
	} else {
		f.only("surfaceId", "catalogId", "theme", "sendDataModel")
	}
	m := &CreateSurface{Version: v, Root: "root"}
	m.SurfaceID = f.str("surfaceId", true, true)
	m.CatalogID = f.str("catalogId", v != V10, false)
	m.Theme = compactOrNil(f.object("theme", false))
	m.SendDataModel = f.boolean("sendDataModel")
	m.DataModel = compactOrNil(f.object("dataModel", false))
	m.Metadata = compactOrNil(f.object("metadata", false))
	list := f.array("components", false, true)
	if f.err != nil {
		return nil, f.err
	}
	if list != nil {
		comps, err := components09(v, list, base+"/components", m.SurfaceID, pace)
		if err != nil {
			return nil, err
		}
		m.Components = comps
	}
	return m, nil
}

func compactOrNil(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return nil
	}
	return compact(raw)
}

func decodeUpdateComponents(v Version, body json.RawMessage, base, surface string, pace *pacer) (Message, *Error) {
	f := fields{base: base, surface: surface, pause: pace.pause}
	var ok bool
	if f.o, ok = parseObjPaused(body, pace.pause); !ok {
		return nil, verr(surface, base, "\"updateComponents\" must be an object, got "+typeName(body))
	}
	f.only("surfaceId", "components")
	m := &UpdateComponents{Version: v}
	m.SurfaceID = f.str("surfaceId", true, true)
	list := f.array("components", true, true)
	if f.err != nil {
		return nil, f.err
	}
	comps, err := components09(v, list, base+"/components", m.SurfaceID, pace)
	if err != nil {
		return nil, err
	}
	m.Components = comps
	return m, nil
}

// components09 reads flat v0.9+ components: id and component are checked, every other
// member is a prop (in v1.0 with its reserved keys rewritten, see unreserve).
func components09(v Version, list []json.RawMessage, base, surface string, pace *pacer) ([]Component, *Error) {
	out := make([]Component, 0, len(list))
	for i, raw := range list {
		pace.add(len(raw))
		p := base + idx(i)
		f := fields{base: p, surface: surface}
		var ok bool
		if f.o, ok = parseObj(raw); !ok {
			return nil, verr(surface, p, "a component must be an object, got "+typeName(raw))
		}
		id := f.str("id", true, true)
		typ := f.str("component", true, true)
		if f.err != nil {
			return nil, f.err
		}
		c := Component{ID: id, Type: typ, Props: make(map[string]json.RawMessage, len(f.o))}
		for k, raw := range f.o {
			if k == "id" || k == "component" {
				continue
			}
			if v == V10 {
				var at, msg string
				if raw, at, msg = unreserve(raw); msg != "" {
					return nil, verr(surface, p+ptr(k)+at, msg)
				}
			}
			c.Props[k] = raw
		}
		out = append(out, c)
	}
	return out, nil
}

func decodeUpdateDataModel(v Version, body json.RawMessage, base, surface string, pace *pacer) (Message, *Error) {
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObjPaused(body, pace.pause); !ok {
		return nil, verr(surface, base, "\"updateDataModel\" must be an object, got "+typeName(body))
	}
	f.only("surfaceId", "path", "value")
	m := &UpdateDataModel{Version: v}
	m.SurfaceID = f.str("surfaceId", true, true)
	m.Path = normPath(f.str("path", false, false))
	if f.err != nil {
		return nil, f.err
	}
	if val, ok := f.o["value"]; ok {
		// v0.9: an omitted value deletes and null is stored; v0.10 and v1.0: null deletes.
		if !(typeName(val) == "null" && v >= V010) {
			m.Value = compact(val)
		}
	}
	return m, nil
}

// callFunction reads the FunctionCall object shared by v0.10 and v1.0.
func callFunction(v Version, raw json.RawMessage, base, surface string, m *CallFunction) *Error {
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObj(raw); !ok {
		return verr(surface, base, "\"callFunction\" must be an object, got "+typeName(raw))
	}
	if v == V10 {
		if raw, at, msg := unreserve(raw); msg != "" {
			return verr(surface, base+at, msg)
		} else if f.o, ok = parseObj(raw); !ok {
			return verr(surface, base, "\"callFunction\" must be an object, got "+typeName(raw))
		}
		f.only("call", "args", "catalogId", "returnType")
	} else {
		f.only("call", "args", "returnType", "callableFrom")
	}
	m.Name = f.str("call", true, true)
	m.CatalogID = f.str("catalogId", v == V10, false)
	m.ReturnType = f.str("returnType", false, false)
	m.CallableFrom = f.str("callableFrom", false, false)
	args := f.object("args", false)
	if f.err != nil {
		return f.err
	}
	switch m.ReturnType {
	case "", "string", "number", "boolean", "array", "object", "any", "void":
	default:
		return verr(surface, base+"/returnType", "unknown returnType \""+m.ReturnType+"\"")
	}
	switch m.CallableFrom {
	case "", "remoteOnly", "clientOrRemote":
	default:
		return verr(surface, base+"/callableFrom", "callableFrom \""+m.CallableFrom+"\" cannot be called by the agent (expected remoteOnly or clientOrRemote)")
	}
	if args != nil {
		var a map[string]json.RawMessage
		if jobj(args, &a) != nil {
			return verr(surface, base+"/args", "\"args\" is not a valid object")
		}
		m.Args = a
	}
	return nil
}

func decodeCallFunction010(env obj, body json.RawMessage, base, surface string) (Message, *Error) {
	ef := fields{o: env, surface: surface}
	m := &CallFunction{Version: V010}
	m.FunctionCallID = ef.str("functionCallId", true, true)
	m.WantResponse = ef.boolean("wantResponse")
	if ef.err != nil {
		return nil, ef.err
	}
	if err := callFunction(V010, body, base, surface, m); err != nil {
		return nil, err
	}
	return m, nil
}

func decodeCallRendererFunction(body json.RawMessage, base, surface string) (Message, *Error) {
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObj(body); !ok {
		return nil, verr(surface, base, "\"callRendererFunction\" must be an object, got "+typeName(body))
	}
	f.only("functionCallId", "callFunction")
	m := &CallFunction{Version: V10, WantResponse: true}
	m.FunctionCallID = f.str("functionCallId", true, true)
	cf := f.object("callFunction", true)
	if f.err != nil {
		return nil, f.err
	}
	if err := callFunction(V10, cf, base+"/callFunction", surface, m); err != nil {
		return nil, err
	}
	return m, nil
}

// valueOrError reads the {value} | {error:{code,message}} body of responses.
func valueOrError(f *fields) (json.RawMessage, *FunctionError) {
	val, hasVal := f.o["value"]
	errRaw, hasErr := f.o["error"]
	if f.err != nil {
		return nil, nil
	}
	if hasVal == hasErr {
		f.fail("", "exactly one of \"value\" and \"error\" is required")
		return nil, nil
	}
	if hasVal {
		return compact(val), nil
	}
	ef := fields{base: f.base + "/error", surface: f.surface}
	var ok bool
	if ef.o, ok = parseObj(errRaw); !ok {
		f.fail("error", "\"error\" must be an object, got "+typeName(errRaw))
		return nil, nil
	}
	ef.only("code", "message")
	fe := &FunctionError{Code: ef.str("code", true, false), Message: ef.str("message", true, false)}
	if ef.err != nil {
		f.err = ef.err
		return nil, nil
	}
	return nil, fe
}

func decodeActionResponse(env obj, body json.RawMessage, base, surface string) (Message, *Error) {
	ef := fields{o: env, surface: surface}
	m := &ActionResponse{Version: V010}
	m.ActionID = ef.str("actionId", true, true)
	if ef.err != nil {
		return nil, ef.err
	}
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObj(body); !ok {
		return nil, verr(surface, base, "\"actionResponse\" must be an object, got "+typeName(body))
	}
	f.only("value", "error")
	m.Value, m.Error = valueOrError(&f)
	if f.err != nil {
		return nil, f.err
	}
	return m, nil
}

func decodeAgentFunctionResponse(body json.RawMessage, base, surface string) (Message, *Error) {
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObj(body); !ok {
		return nil, verr(surface, base, "\"agentFunctionResponse\" must be an object, got "+typeName(body))
	}
	f.only("functionCallId", "value", "error")
	m := &FunctionResponse{Version: V10}
	m.FunctionCallID = f.str("functionCallId", true, true)
	m.Value, m.Error = valueOrError(&f)
	if f.err != nil {
		return nil, f.err
	}
	return m, nil
}
