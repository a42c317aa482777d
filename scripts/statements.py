"""The statements a Billfold server ran, read from its trace log: at `--log-level trace` SQLKit logs
every statement with its binds and the request it belongs to. Used by `bench-floors.py` (each
question's floor) and by tests/test_question_plans.py (each question's plan)."""
import re

ENTRY_START = re.compile(r"^\d{4}-\d\d-\d\dT", re.M)
STATEMENT = re.compile(
    r"binds=\[(?P<binds>.*?)\] database-id=\S+ request-id=\S+ sql=(?P<sql>.*) \[(?:SQLiteKit|PostgresKit|BillfoldStore)\] Executing query$",
    re.S)
SWIFT_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
PLACEHOLDER = re.compile(r"[?$](\d+)")


def literal(value):
    # The log prints every bind as a string; numbers the server bound are written back as numbers.
    # An optional one (Fluent's filters on optional fields) is printed "Optional(…)", or "nil"
    # (a text that is the word nil would be taken for none: no question binds one).
    if value == "nil":
        return "NULL"
    wrapped = re.fullmatch(r"Optional\((.*)\)", value)
    if wrapped:
        value = re.sub(r'^"(.*)"$', r"\1", wrapped.group(1))
    if re.fullmatch(r"-?\d{1,18}", value):
        return value
    return "'" + value.replace("'", "''") + "'"


def statements(log_text):
    found = []
    starts = [m.start() for m in ENTRY_START.finditer(log_text)] + [len(log_text)]
    for begin, end in zip(starts, starts[1:]):
        match = STATEMENT.search(log_text[begin:end].rstrip("\n"))
        if not match:
            continue
        binds = [re.sub(r"\\(.)", r"\1", b) for b in SWIFT_STRING.findall(match.group("binds"))]
        sql = PLACEHOLDER.sub(lambda m: literal(binds[int(m.group(1)) - 1]), match.group("sql"))
        found.append(sql.strip().rstrip(";") + ";")
    return found
