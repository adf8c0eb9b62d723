"""Schemathesis hooks for `npm run fuzz` (loaded through SCHEMATHESIS_HOOKS by scripts/fuzz/run.ts).

Image bytes and a known establishment cannot be described by a JSON schema, so random data
never files a report with a photo or sets an avatar, and the report -> photo and
profile -> avatar links would never be followed. For half of the schema-valid (positive)
cases of those operations this replaces what the schema cannot say with real values: a
small PNG for every photo or avatar, a report text of legal length, and an establishment
of the fixture. Negative cases are never touched, so they stay as invalid as generated.
"""

import hashlib

import schemathesis

# A 2x2 RGB PNG: decodable, small, JPEG/PNG by its bytes.
PNG_BASE64 = (
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4wcV1gouLAUIBABsWA3F0RrYQAAAAAElFTkSuQmCC"
)
# Establishments of fixtures/restaurants (loaded in both modes by run.ts).
FIXTURE_CAMIS = "41000002"
REPORT_TEXT = "Saw a mouse run along the counter near the register."

REPORT_OPERATION = "POST /api/v1/restaurants/{camis}/reports"
AVATAR_OPERATION = "POST /api/v1/profile/avatar"


def _is_positive(case) -> bool:
    # Stateful steps carry no generation metadata; they are built from schema-valid data.
    meta = getattr(case, "meta", None)
    return meta is None or meta.generation.mode.is_positive


def _chosen(case) -> bool:
    """Half of the cases, decided by the case id so a seeded run repeats itself."""
    return int(hashlib.sha1(str(case.id).encode()).hexdigest(), 16) % 2 == 0


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    label = f"{case.operation.method.upper()} {case.operation.path}"
    if label not in (REPORT_OPERATION, AVATAR_OPERATION) or not _is_positive(case) or not _chosen(case):
        return
    body = case.body
    if not isinstance(body, dict):
        return
    if label == AVATAR_OPERATION:
        body["image"] = PNG_BASE64
        return
    if isinstance(body.get("photos"), list):
        body["photos"] = [PNG_BASE64 for _ in body["photos"]] or [PNG_BASE64]
    else:
        body["photos"] = [PNG_BASE64]
    body["body"] = REPORT_TEXT
    if body.get("kind") == "pest":
        body["pestSubtype"] = "mice"
    else:
        body["pestSubtype"] = None
    # A camis that came from a link (a listed establishment) is kept; a random one is replaced.
    if case.path_parameters and not str(case.path_parameters.get("camis", "")).isdigit():
        case.path_parameters["camis"] = FIXTURE_CAMIS
