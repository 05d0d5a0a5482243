// Loaded first (`node --import`) into every process `npm run cluster` starts. When the cluster's own
// process is gone (it crashed, or was killed with SIGKILL and could not stop its children), this
// process is handed to another parent: it then stops as on SIGTERM (finishing what is in flight),
// and is ended outright if that takes too long. No process of a cluster outlives it.
const parent = process.ppid;
const CHECK_MS = 250;
const GRACE_MS = 30_000;

let isOrphaned = false;
function stopAsOrphan() {
  if (isOrphaned) return;
  isOrphaned = true;
  clearInterval(timer);
  // Whatever reads this process's output is gone with the parent: a write to the broken pipe would
  // fail, and the report of that failure would fail again, for ever.
  for (const stream of [process.stdout, process.stderr]) stream.write = () => true;
  process.kill(process.pid, "SIGTERM");
  setTimeout(() => process.exit(1), GRACE_MS).unref();
}

for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
    stopAsOrphan();
  });
}

const timer = setInterval(() => {
  if (process.ppid !== parent) stopAsOrphan();
}, CHECK_MS);
timer.unref();
