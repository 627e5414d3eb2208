package agent

// Messages that answer the client or call its functions (v0.10 and v1.0).

// ActionResponse answers an action sent with wantResponse (v0.10 actionResponse); the
// client stores value at the action's responsePath. actionID is UserAction.ActionID.
func ActionResponse(v Version, actionID string, value any) Message {
	const kind = "actionResponse"
	if v != V010 {
		return failed(v, kind, "", "only v0.10 has actionResponse")
	}
	return envelope(v, kind, "", obj{{"value", value}}, member{"actionId", actionID})
}

// ActionFailed answers an action sent with wantResponse with an error (v0.10).
func ActionFailed(v Version, actionID, code, message string) Message {
	const kind = "actionResponse"
	if v != V010 {
		return failed(v, kind, "", "only v0.10 has actionResponse")
	}
	return envelope(v, kind, "", obj{{"error", obj{{"code", code}, {"message", message}}}}, member{"actionId", actionID})
}

// CallFunction asks the client to run fn; callID comes back in the client's
// FunctionResponse. v0.10 writes callFunction (returnType defaults to "void" and
// callableFrom to "clientOrRemote", both required there; the client answers only when
// wantResponse is true); v1.0 writes callRendererFunction (catalogId defaults to the
// basic catalog; the client always answers). Other versions have no such message.
func CallFunction(v Version, callID string, fn FunctionCall, wantResponse bool) Message {
	switch v {
	case V010:
		if fn.ReturnType == "" {
			fn.ReturnType = "void"
		}
		if fn.CallableFrom == "" {
			fn.CallableFrom = "clientOrRemote"
		}
		w, err := wire(fn, v)
		if err != nil {
			return failed(v, "callFunction", "", err.Error())
		}
		extra := []member{{"functionCallId", callID}}
		if wantResponse {
			extra = append(extra, member{"wantResponse", true})
		}
		return envelope(v, "callFunction", "", w, extra...)
	case V10:
		if fn.CatalogID == "" {
			fn.CatalogID = BasicCatalog(V10)
		}
		w, err := wire(fn, v)
		if err != nil {
			return failed(v, "callRendererFunction", "", err.Error())
		}
		return envelope(v, "callRendererFunction", "", obj{{"functionCallId", callID}, {"callFunction", w}})
	}
	return failed(v, "callFunction", "", "only v0.10 and v1.0 can call client functions")
}

// FunctionResult answers a function the client asked the agent to run (v1.0
// agentFunctionResponse; callID is AgentCall.FunctionCallID).
func FunctionResult(v Version, callID string, value any) Message {
	const kind = "agentFunctionResponse"
	if v != V10 {
		return failed(v, kind, "", "only v1.0 has agentFunctionResponse")
	}
	return envelope(v, kind, "", obj{{"functionCallId", callID}, {"value", value}})
}

// FunctionFailed answers a function call of the client with an error (v1.0).
func FunctionFailed(v Version, callID, code, message string) Message {
	const kind = "agentFunctionResponse"
	if v != V10 {
		return failed(v, kind, "", "only v1.0 has agentFunctionResponse")
	}
	return envelope(v, kind, "", obj{{"functionCallId", callID}, {"error", obj{{"code", code}, {"message", message}}}})
}
