"""read_junit.py FILE: what a JUnit consumer (junitparser) reads, as JSON."""
import json, sys
from junitparser import JUnitXml, Failure, Error, Skipped

xml = JUnitXml.fromfile(sys.argv[1])
suites = list(xml) if hasattr(xml, "__iter__") else [xml]
cases = []
for suite in suites:
    for case in suite:
        results = case.result
        kind = "passed"
        message = None
        for result in results:
            if isinstance(result, Failure): kind, message = "failure", result.message
            elif isinstance(result, Error): kind, message = "error", result.message
            elif isinstance(result, Skipped): kind = "skipped"
        cases.append({"name": case.name, "classname": case.classname, "file": case._elem.get("file"),
                      "line": case._elem.get("line"), "result": kind, "message": message})
print(json.dumps({
    "tests": xml.tests, "failures": xml.failures, "errors": xml.errors,
    "suite_tests": [s.tests for s in suites], "suite_failures": [s.failures for s in suites],
    "suite_errors": [s.errors for s in suites], "cases": cases}))
