"""validate_sarif.py SCHEMA FILE: exit 0 when FILE is valid SARIF 2.1.0, else print the errors."""
import json, sys
import jsonschema

schema = json.load(open(sys.argv[1], encoding="utf-8"))
document = json.load(open(sys.argv[2], encoding="utf-8"))
validator = jsonschema.Draft4Validator(schema)
errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
for error in errors:
    print("/".join(str(p) for p in error.path), error.message)
sys.exit(1 if errors else 0)
