"""Checks the schema corpus the test suite wrote (see check-schemas.sh).

Each file holds a schema, its dialect, and instances with the verdict
ModelKit's decoder (or, for `.output`, encoder) gave them. Prints every
disagreement and exits non-zero on any.
"""
import json
import pathlib
import re
import sys

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from openapi_schema_validator import OAS30Validator, OAS31Validator
from openapi_spec_validator import validate as validate_openapi


def ecma_pattern(validator, pattern, instance, schema):
    """`pattern` as ECMA-262 reads it: `\\d` is ASCII, and `$` is the end
    of the text (Python's `$` also matches before a final line feed)."""
    if not validator.is_type(instance, "string"):
        return
    expression = pattern[:-1] + r"\Z" if pattern.endswith("$") and not pattern.endswith("\\$") else pattern
    if not re.search(expression, instance, re.ASCII):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


ECMAValidator = validators.extend(Draft202012Validator, {"pattern": ecma_pattern})
# OpenAPI's Schema Objects (3.0's `nullable`, 3.1's 2020-12), patterns as ECMA-262 reads them.
ECMA30Validator = validators.extend(OAS30Validator, {"pattern": ecma_pattern})
ECMA31Validator = validators.extend(OAS31Validator, {"pattern": ecma_pattern})


def instance_validator(case):
    """The validator of a case's instances: its schema, or the component of
    its OpenAPI document that they are values of."""
    dialect, schema = case["dialect"], case["schema"]
    if dialect == "2020-12":
        return ECMAValidator(schema)
    wrapper = {"allOf": [{"$ref": "#/components/schemas/" + case["component"]}], "components": schema["components"]}
    return (ECMA30Validator if dialect == "openapi-3.0.3" else ECMA31Validator)(wrapper)


def integral_as_int(text):
    value = float(text)
    return int(value) if value.is_integer() else value


def main(folder):
    files = sorted(pathlib.Path(folder).glob("*.json"))
    if not files:
        print(f"check-schemas: no schemas in {folder}", file=sys.stderr)
        return 1
    failures = 0
    checked = 0
    for path in files:
        case = json.loads(path.read_text())
        name, dialect, schema = case["name"], case["dialect"], case["schema"]
        try:
            if dialect == "2020-12":
                Draft202012Validator.check_schema(schema)
            else:
                validate_openapi(schema)
        except Exception as error:  # the validator's own exception types vary
            failures += 1
            print(f"{name}: not a valid {dialect} schema: {str(error)[:400]}")
            continue
        if not case["instances"]:
            checked += 1
            continue
        validator = instance_validator(case)
        # OpenAPI 3.0's `integer` is JSON Schema draft 4's, which leaves out
        # numbers written with a fraction or exponent (1.0, 1e2) that the
        # decoder reads as integers: those are read here by their value, the
        # reading of 2020-12 and OpenAPI 3.1 (the DocC article lists the gap).
        parse_float = integral_as_int if dialect == "openapi-3.0.3" else float
        wrong = []
        for instance in case["instances"]:
            verdict = validator.is_valid(json.loads(instance["json"], parse_float=parse_float))
            if verdict != instance["valid"]:
                wrong.append((instance["json"], instance["valid"]))
        checked += len(case["instances"]) + 1
        if wrong:
            failures += len(wrong)
            print(f"{name}: {len(wrong)} of {len(case['instances'])} verdicts differ, for example:")
            for text, expected in wrong[:8]:
                print(f"  decoder says {'valid' if expected else 'invalid'}: {text}")
    print(f"check-schemas: {checked} checks on {len(files)} schemas, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
