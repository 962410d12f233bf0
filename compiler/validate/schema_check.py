"""Layer 2: JSON Schema validation, with each error turned into one precise diagnostic.

The schemas come from `wondersmith.dsl.schemas` (generated from the vocabulary), so validation never
reads or fetches a schema file. jsonschema's `best_match` is steered through `anyOf` by the
instance's type, so an effect error names the branch the author meant.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError

from wondersmith.dsl import schemas
from wondersmith.diagnostics import Diagnostic, did_you_mean
from wondersmith.validate.strict_yaml import Document
from wondersmith.dsl.vocabulary import BARE_VERBS, VERBS

_JSON_TYPES = {
    "object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
}


# JSON Schema counts 6.0 as an integer; rules data does not (codegen and the engine would get
# a float), so a float is a wrong type here.
_Validator = validators.extend(Draft202012Validator, type_checker=Draft202012Validator
                               .TYPE_CHECKER.redefine("integer", lambda _, instance: isinstance(
                                   instance, int) and not isinstance(instance, bool)))


@lru_cache(maxsize=None)
def validator(kind: str) -> Draft202012Validator:
    schema = {"game": schemas.game_schema, "cards": schemas.cards_schema}[kind]()
    return _Validator(schema)


def _invisible(char: str) -> bool:
    return any(a <= ord(char) <= b for a, b in schemas.INVISIBLE_RANGES)


def name_problem(name: str) -> tuple[str, str] | None:
    """What is wrong with a name (message, hint), or None: blank, or an invisible character."""
    for i, char in enumerate(name, 1):
        if _invisible(char):
            what = unicodedata.name(char, "a control character")
            return (f"the name has U+{ord(char):04X} ({what}) at character {i}",
                    "remove it: invisible and direction characters make a name look like "
                    "another, or reorder the text around it")
    if not name.strip():
        return ("the name is blank", "write the name as printed on the card")
    return None


def _type_fits(instance: Any, schema: dict[str, Any]) -> bool:
    wanted = schema.get("type")
    if wanted is None:
        return True
    if wanted == "integer":
        return isinstance(instance, int) and not isinstance(instance, bool)
    if wanted == "number":
        return isinstance(instance, (int, float)) and not isinstance(instance, bool)
    return isinstance(instance, _JSON_TYPES[wanted])


def _deepest(error: ValidationError) -> ValidationError:
    """Follow anyOf/oneOf into the branch whose type fits the instance."""
    while error.validator in ("anyOf", "oneOf") and error.context:
        branches = error.validator_value
        fitting = [e for e in error.context
                   if _type_fits(error.instance, branches[e.schema_path[0]])]
        if not fitting:
            return error
        error = min(fitting, key=lambda e: (-len(e.absolute_path), e.validator == "type"))
    return error


def _diagnose(doc: Document, error: ValidationError) -> Diagnostic:
    path = tuple(error.absolute_path)
    kind = error.validator
    if kind == "anyOf" and _is_effect_node(error):
        return _diagnose_effect(doc, error)
    error = _deepest(error)
    path = tuple(error.absolute_path)
    kind = error.validator
    if kind == "anyOf" and _is_effect_node(error):
        return _diagnose_effect(doc, error)
    if kind in ("anyOf", "oneOf"):  # no branch has the instance's type
        types = [b.get("type") for b in error.validator_value if isinstance(b, dict)]
        return doc.error(path, "WS204", f"expected {_wanted([t for t in types if t])}, "
                         f"found {_describe(error.instance)}", _type_hint(error.instance, types))
    if kind == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        extras = [k for k in error.instance if k not in allowed]
        key = extras[0] if extras else "?"
        if _is_effect_mapping(error.schema):
            if key in BARE_VERBS:
                return doc.error(path + (key,), "WS207", f"effect '{key}' takes no value",
                                 f"write it as a bare list item `- {key}`", key=True)
            return doc.error(path + (key,), "WS202", f"unknown effect '{short(key)}'",
                             did_you_mean(key, VERBS), key=True)
        return doc.error(path + (key,), "WS201", f"unknown key '{short(key)}'",
                         did_you_mean(key, allowed) or "allowed: " + ", ".join(allowed), key=True)
    if kind in ("minProperties", "maxProperties") and _is_effect_mapping(error.schema):
        return doc.error(path, "WS207",
                         f"an effect has exactly one verb, found {len(error.instance)}",
                         "split it into one list item per verb")
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        about = error.schema.get("properties", {}).get(missing, {}).get("description", "")
        return doc.error(path, "WS203", f"missing required key '{missing}'",
                         f"add `{missing}:` here" + (f" ({about[0].lower()}{about[1:]})"
                                                     if about else ""))
    if kind == "type":
        return doc.error(path, "WS204", f"expected {_wanted(error.validator_value)}, "
                         f"found {_describe(error.instance)}",
                         _type_hint(error.instance, error.validator_value))
    if kind in ("enum", "const"):
        allowed = error.validator_value if kind == "enum" else [error.validator_value]
        return doc.error(path, "WS205", f"'{short(error.instance)}' is not allowed here",
                         did_you_mean(error.instance, allowed) or
                         "allowed: " + ", ".join(map(str, allowed)))
    if kind == "pattern" and error.validator_value == schemas.NAME_PATTERN:
        message, hint = name_problem(error.instance) or ("the name is not allowed", "")
        return doc.error(path, "WS208", message, hint)
    if kind == "not" and isinstance(error.instance, str):  # an id Python reserves
        return doc.error(path, "WS209", f"'{error.instance}' is a reserved word in Python, "
                         "and ids become names in generated code",
                         f"choose another id, for example '{error.instance}_card'")
    if kind == "not":  # the other `not`: `colors` without `per: cards`
        return doc.error(path + ("colors",), "WS201",
                         f"`colors` is allowed only with `per: cards`, not `per: "
                         f"{error.instance.get('per')}`", "remove `colors`", key=True)
    return doc.error(path, "WS206", _constraint(error), _constraint_hint(error))


def _type_hint(instance: Any, wanted: Any = None) -> str:
    """What a value of the wrong type most likely meant."""
    if isinstance(instance, str):
        glued = re.fullmatch(r"([a-z_]+):(\S.*)", instance)
        if glued:
            return f"a space is missing after the colon: write `{glued.group(1)}: " \
                   f"{glued.group(2)}`"
        wanted = wanted if isinstance(wanted, list) else [wanted]
        if "integer" in wanted:
            return "write the number in digits, without quotes, for example `2`"
        if "boolean" in wanted:
            return "write true or false, without quotes"
        return ""
    if isinstance(instance, bool) and "string" in (wanted if isinstance(wanted, list)
                                                   else [wanted]):
        word = str(instance).lower()
        return f'quote it if you mean the word: "{word}"'
    if not isinstance(instance, float):
        return ""
    if instance.is_integer() and abs(instance) < 1e6:
        return f"write {int(instance)}: rules data has whole numbers only"
    return "rules data has whole numbers only, all of them small"


def _diagnose_effect(doc: Document, error: ValidationError) -> Diagnostic:
    """An effect matched neither a bare verb nor a `verb: value` mapping: say which is wrong."""
    path = tuple(error.absolute_path)
    instance = error.instance
    if isinstance(instance, str):
        if instance in VERBS:  # a verb that needs a value, written bare
            return doc.error(path, "WS207", f"effect '{instance}' needs a value",
                             f"for example `{VERBS[instance].EXAMPLE}`")
        return doc.error(path, "WS202", f"unknown effect '{short(instance)}'",
                         did_you_mean(instance, VERBS) or "bare verbs: " + ", ".join(BARE_VERBS))
    mapping_errors = [e for e in error.context or () if e.schema_path and e.schema_path[0] == 1]
    if isinstance(instance, dict) and mapping_errors:
        # A structural problem of the mapping (unknown verb, several verbs) comes first, then
        # the deepest problem inside the verb's value.
        best = min(mapping_errors, key=lambda e: (len(e.relative_path) > 0,
                                                  -len(e.absolute_path), e.validator == "type"))
        return _diagnose(doc, best)
    return doc.error(path, "WS207", "an effect must be a verb or a one-key mapping "
                     f"`verb: value`, not {_describe(instance)}",
                     "name the verb: for example `- coins: 3`, or a bare `- play_again`")


def _is_effect_mapping(schema: dict[str, Any]) -> bool:
    props = schema.get("properties", {})
    return schema.get("maxProperties") == 1 and "coins" in props and "points" in props


def _is_effect_node(error: ValidationError) -> bool:
    return any(isinstance(b, dict) and b.get("enum") == list(BARE_VERBS)
               for b in error.validator_value)


def _wanted(value: Any) -> str:
    names = {"object": "a mapping", "array": "a list", "string": "a string",
             "integer": "a whole number", "boolean": "true or false", "number": "a number"}
    if isinstance(value, list):
        return " or ".join(names.get(v, v) for v in value)
    return names.get(value, value)


def _describe(instance: Any) -> str:
    if isinstance(instance, bool):
        return f"boolean {str(instance).lower()}"
    if isinstance(instance, dict):
        return "a mapping"
    if isinstance(instance, list):
        return "a list"
    if instance is None:
        return "nothing (null)"
    if isinstance(instance, str):
        return f"string '{short(instance)}'"
    return f"{type(instance).__name__} {instance!r}"


def short(text: Any, limit: int = 40) -> str:
    """A value as a message quotes it: a long one is cut, so a 160 000-character id does not
    flood the terminal."""
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit - 1]}… ({len(text)} characters)"


def _constraint(error: ValidationError) -> str:
    v, value, inst = error.validator, error.validator_value, error.instance
    if v == "minimum":
        return f"{inst!r} is below the minimum of {value}"
    if v == "maximum":
        return f"{inst!r} is above the maximum of {value}"
    if v == "pattern":
        return f"'{short(inst)}' is not a valid identifier (lowercase letters, digits and _, " \
               "starting with a letter)"
    if v == "maxLength":
        return f"{len(inst)} characters is over the limit of {value}"
    if v == "minItems":
        return f"needs at least {value} item{'s' if value != 1 else ''}"
    if v == "uniqueItems":
        return "items must not repeat"
    if v == "minLength":
        return "must not be empty"
    if v == "minProperties":
        return "must not be empty"
    return error.message


def _constraint_hint(error: ValidationError) -> str:
    v, value, inst = error.validator, error.validator_value, error.instance
    if v == "minimum":
        return f"the smallest value allowed here is {value}"
    if v == "maximum":
        return f"the largest value allowed here is {value}: every number in rules data is a " \
               "count or a price (docs/dsl.md, Numbers)"
    if v == "pattern" and isinstance(inst, str):
        suggestion = re.sub(r"[^a-z0-9]+", "_", inst.lower()).strip("_")
        suggestion = suggestion if re.match(r"[a-z]", suggestion) else f"x_{suggestion}"
        return f"write it in snake_case, for example '{short(suggestion)}'"
    if v == "maxLength":
        return f"shorten it to {value} characters or fewer"
    if v in ("minItems", "minLength", "minProperties"):
        return "give at least one"
    if v == "uniqueItems":
        return "remove the repeated item"
    return ""


def check(doc: Document, kind: str) -> list[Diagnostic]:
    """Every schema problem of a loaded document, one diagnostic each."""
    found = {}
    for error in validator(kind).iter_errors(doc.data):
        d = _diagnose(doc, error)
        found.setdefault((d.line, d.column, d.code, d.message), d)
    return list(found.values())
