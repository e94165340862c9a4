"""Reading the td-facts folder and writing generated JSON files.

Kept apart from the transforms so the builders stay pure functions of the facts.
"""
import json
import os

FAMILIES = ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"]


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def read_facts(facts_dir):
    """The three fact files the knowledge base is built from."""
    return {
        "operators": read_json(os.path.join(facts_dir, "operators.json")),
        "classes": read_json(os.path.join(facts_dir, "python_classes.json")),
        "stats": read_json(os.path.join(facts_dir, "stats.json")),
    }


def dumps_compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write_json_lines(path, head, list_key, items):
    """An object whose big list has one item per line: small git diffs, fast to parse."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    head_text = dumps_compact(head)[:-1]  # drop the closing brace
    sep = "," if head else ""
    body = ",\n".join(dumps_compact(item) for item in items)
    with open(path, "w", encoding="utf-8") as f:
        f.write(head_text + sep + '"' + list_key + '":[\n' + body + "\n]}\n")


def write_json(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=1)
        f.write("\n")
