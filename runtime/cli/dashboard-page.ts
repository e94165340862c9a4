/**
 * The page `svc dashboard --web` serves: one screen that follows the server-sent samples. It loads
 * nothing else (the server's content security policy allows no other source) and writes values
 * with textContent only, so nothing a network holds (a cue name) is ever read as HTML. What needs
 * the eye (the sample's alerts: dropped frames since the last sample, errors, the bridge, panic) is
 * red, counted in a headline, and marks the tab's title with `!!`.
 */
/** The page's one script: its hash is the only script the content security policy allows. */
export const DASHBOARD_SCRIPT = `  const show = (id, text, bad) => { const el = document.getElementById(id); el.textContent = text; el.className = bad ? "bad" : ""; };
  const dash = (v) => (v === null || v === undefined ? "-" : String(v));
  const events = new EventSource("/events");
  events.onmessage = (m) => {
    const state = JSON.parse(m.data);
    document.getElementById("problem").textContent = state.error || "";
    const s = state.sample;
    if (!s) return;
    show("at", s.at);
    const alert = (a) => s.alerts.includes(a);
    show("status", s.status, alert("bridge"));
    show("frame", String(s.frame));
    show("fps", dash(s.fps));
    show("dropped", s.droppedNew === null ? dash(s.dropped) : s.dropped + " (+" + s.droppedNew + " since the last sample)", alert("dropped"));
    show("errors", s.errors + " (warnings " + s.warnings + ")", alert("errors"));
    show("cue", (s.cue === null ? "no cue engine" : s.cue) + (s.fading ? " (fading)" : ""));
    show("panic", s.chains === 0 ? "no safety chain" : s.panic ? "ON" : "off", alert("panic"));
    const said = { bridge: "bridge " + s.status, dropped: s.droppedNew + " dropped frame(s)", errors: s.errors + " error(s)", panic: "PANIC" };
    show("alerts", s.alerts.length === 0 ? "all well" : "!! " + s.alerts.map((a) => said[a]).join(", "), s.alerts.length > 0);
    document.title = (s.alerts.length === 0 ? "" : "!! ") + "svc dashboard";
  };
  events.onerror = () => { document.getElementById("problem").textContent = "svc dashboard is not answering"; };
`;

export const DASHBOARD_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>svc dashboard</title>
<style>
  body { background: #111; color: #ddd; font: 20px/1.5 system-ui, sans-serif; margin: 2em; }
  h1 { font-size: 1em; color: #888; font-weight: normal; }
  table { border-collapse: collapse; }
  th { text-align: left; color: #888; font-weight: normal; padding-right: 2em; }
  td { font-variant-numeric: tabular-nums; }
  .bad { color: #ff5050; font-weight: bold; }
  tr:has(.bad) th { color: #ff5050; }
  #alerts { font-size: 1.2em; color: #60c060; }
  #alerts.bad { color: #ff5050; }
  #problem { color: #ffb000; min-height: 1.5em; }
</style>
</head>
<body>
<h1>svc dashboard <span id="at"></span></h1>
<div id="problem"></div>
<p id="alerts"></p>
<table>
  <tr><th>bridge</th><td id="status"></td></tr>
  <tr><th>frame</th><td id="frame"></td></tr>
  <tr><th>fps</th><td id="fps"></td></tr>
  <tr><th>dropped</th><td id="dropped"></td></tr>
  <tr><th>errors</th><td id="errors"></td></tr>
  <tr><th>cue</th><td id="cue"></td></tr>
  <tr><th>panic</th><td id="panic"></td></tr>
</table>
<script>${DASHBOARD_SCRIPT}</script>
</body>
</html>
`;
