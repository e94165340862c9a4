/**
 * The chat page of `svc chat`: plain HTML, a stylesheet and a script served from the same loopback
 * origin (the page's Content-Security-Policy allows nothing else). The script posts a message,
 * reads the turn's NDJSON lines (each tool call as it finishes, then the receipt) and shows the
 * answer with its receipt. Everything shown is text (textContent), never HTML from the model.
 */
export const CHAT_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>svc copilot</title>
<link rel="stylesheet" href="/chat.css">
<script src="/chat.js" defer></script>
</head>
<body>
<header><h1>svc copilot</h1><span id="status">connecting…</span><button id="reset" type="button">New conversation</button></header>
<section id="setup" hidden><h2>No model yet: <span id="missing"></span></h2><p id="why"></p><p>To chat, set up a local model:</p><ol id="steps"></ol></section>
<main id="log" aria-live="polite"></main>
<form id="ask">
<textarea id="prompt" rows="3" maxlength="8000" placeholder="Ask about the project, or ask for a change" required></textarea>
<button id="send" type="submit">Send</button>
</form>
</body>
</html>
`;

export const CHAT_CSS = `body{font:15px/1.45 system-ui,sans-serif;margin:0;display:flex;flex-direction:column;height:100vh;background:#16171a;color:#e8e8ea}
header{display:flex;gap:1em;align-items:center;padding:.5em 1em;border-bottom:1px solid #333}
h1{font-size:1.1em;margin:0}#status{color:#9a9aa2;flex:1}
main{flex:1;overflow:auto;padding:1em}
.msg{margin:.5em 0;padding:.5em .75em;border-radius:6px;white-space:pre-wrap}
.user{background:#24303f}.answer{background:#242a24}.call{color:#9a9aa2;font-size:.9em}.call.failed{color:#e07b6f}.error{background:#3f2424}
#setup{margin:1em;padding:.75em 1em;border:1px solid #b5892f;border-radius:6px;background:#2b2518}#setup h2{font-size:1em;margin:0 0 .5em;color:#f0c060}#setup ol{margin:.25em 0;padding-left:1.5em}#setup li{font-family:ui-monospace,monospace;font-size:.9em}
details.receipt pre{font-size:.8em;overflow:auto;max-height:20em}
form{display:flex;gap:.5em;padding:.75em 1em;border-top:1px solid #333}
textarea{flex:1;background:#0f1012;color:inherit;border:1px solid #333;border-radius:6px;padding:.5em;font:inherit}
button{background:#2f6fde;color:#fff;border:0;border-radius:6px;padding:.5em 1em;font:inherit}button:disabled{opacity:.5}
`;

export const CHAT_JS = `"use strict";
const log = document.getElementById("log");
const statusLine = document.getElementById("status");
const form = document.getElementById("ask");
const prompt = document.getElementById("prompt");
const send = document.getElementById("send");

function add(cls, text) {
  const el = document.createElement("div");
  el.className = "msg " + cls;
  el.textContent = text;
  log.appendChild(el);
  log.scrollTop = log.scrollHeight;
  return el;
}

function showReceipt(receipt) {
  const answer = add(receipt.stop === "error" ? "answer error" : "answer", receipt.answer || "(no answer)");
  for (const e of receipt.errors.filter((e) => e.code !== "tool-failed")) add("error", "error " + e.code + ": " + e.message);
  const details = document.createElement("details");
  details.className = "receipt";
  const summary = document.createElement("summary");
  summary.textContent = "receipt: " + receipt.toolsCalled.length + " tool call(s), " + receipt.plansApplied.length + " change(s), stop: " + receipt.stop;
  const pre = document.createElement("pre");
  pre.textContent = JSON.stringify(receipt, null, 2);
  details.append(summary, pre);
  answer.appendChild(details);
}

async function turn(text) {
  add("user", text);
  send.disabled = true;
  statusLine.textContent = "thinking…";
  try {
    const response = await fetch("/api/message", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
    if (!response.ok) {
      const body = await response.json().catch(() => ({ error: { message: response.statusText } }));
      add("error", "error " + response.status + ": " + body.error.message);
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = pending.indexOf("\\n")) >= 0) {
        const event = JSON.parse(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
        if (event.type === "call") add(event.ok ? "call" : "call failed", (event.ok ? "called " : "failed ") + event.tool + ": " + event.summary);
        else if (event.type === "receipt") showReceipt(event.receipt);
        else if (event.type === "error") add("error", "error " + event.code + ": " + event.message);
      }
    }
  } catch (err) {
    add("error", "the chat server did not answer: " + err.message);
  } finally {
    send.disabled = false;
    statusLine.textContent = window.svcState || "";
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = prompt.value.trim();
  if (!text) return;
  prompt.value = "";
  turn(text);
});
prompt.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); form.requestSubmit(); }
});
document.getElementById("reset").addEventListener("click", async () => {
  await fetch("/api/reset", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  log.textContent = "";
});
fetch("/api/state").then((r) => r.json()).then((s) => {
  if (s.unavailable) {
    // No model: say what is missing and how to set it up; nothing can be sent until then.
    document.getElementById("missing").textContent = s.unavailable.code;
    document.getElementById("why").textContent = s.unavailable.message;
    const steps = document.getElementById("steps");
    for (const step of s.unavailable.setup) {
      const li = document.createElement("li");
      li.textContent = step;
      steps.appendChild(li);
    }
    document.getElementById("setup").hidden = false;
    window.svcState = "no model (" + s.unavailable.code + ")";
    statusLine.textContent = window.svcState;
    prompt.disabled = true;
    send.disabled = true;
    document.body.dataset.ready = "true";
    return;
  }
  window.svcState = s.model + " (" + s.tier + "), " + s.mode + ", " + s.tools.length + " tools";
  statusLine.textContent = window.svcState;
  document.body.dataset.ready = "true";
});
`;
