// Runs driver.py inside Pyodide under node, as xlwings Lite runs a workbook's Python inside Excel.
//
//   node tests/lite/run.mjs JOB.json
//
// JOB.json: {"pyodide": folder of the npm package "pyodide", "boot": [wheel files for pyodide.loadPackage],
//            "wheels": [wheel files for micropip], "deps": true|false, "driver": path of driver.py,
//            "options": {...}}
// Everything is installed from local files: the npm package ships no wheels, so micropip and packaging come as
// PyPI wheels in "boot". Prints the driver's JSON report on stdout; Python's own output goes to stderr.

import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const clock = { start: performance.now() };
const lap = () => (performance.now() - clock.start) / 1000;

const { loadPyodide } = await import(pathToFileURL(join(job.pyodide, "pyodide.mjs")).href);
const toStderr = (line) => process.stderr.write(line + "\n");
const pyodide = await loadPyodide({ indexURL: job.pyodide + "/", stdout: toStderr, stderr: toStderr });
const loaded = lap();

await pyodide.loadPackage(job.boot, { messageCallback: () => {}, errorCallback: toStderr });
pyodide.FS.mkdirTree("/lite/wheels");
const wheels = job.wheels.map((path) => {
  const target = "/lite/wheels/" + basename(path);
  pyodide.FS.writeFile(target, readFileSync(path));
  return target;
});
pyodide.FS.writeFile("/lite/driver.py", readFileSync(job.driver));
pyodide.runPython("import sys; sys.path.insert(0, '/lite')");
const driver = pyodide.pyimport("driver");
const install = (await driver.install(wheels, job.deps)).toJs({ dict_converter: Object.fromEntries });
const installed = lap();

// The call list is built in Python and parsed here, so that its nulls are JavaScript nulls, as Office.js sends.
const options = JSON.stringify(job.options ?? {});
const request = JSON.parse(driver.calls_json(options));
const report = JSON.parse(await driver.run(request, options));
report.node = process.version;
report.install = install;
report.seconds = { load_pyodide: loaded, install: installed - loaded, calls: lap() - installed };
process.stdout.write(JSON.stringify(report));
