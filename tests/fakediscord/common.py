"""What the fake's HTTP handlers share: Discord's error replies, JSON responses, and the bot a request is from."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from .fake import FakeDiscord
    from .model import BotApp


# Where the aiohttp application keeps its FakeDiscord.
FAKE_KEY: web.AppKey[Any] = web.AppKey("fake_discord")


class ApiError(Exception):
    """A refusal as Discord sends it: an HTTP status and a JSON error code and message."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            data["errors"] = self.errors
        return data


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


MISSING_ACCESS = (403, 50001, "Missing Access")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py reads JSON only when Content-Type is exactly "application/json" (no charset), as Discord sends it.
    response = web.Response(body=json.dumps(data).encode(), status=status, headers=headers)
    response.headers["Content-Type"] = "application/json"
    return response


def bot_of(request: web.Request) -> BotApp:
    """The bot whose token authorises the request (``Authorization: Bot <token>``), or a 401."""
    fake: FakeDiscord = request.app[FAKE_KEY]
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    bot = fake._bot_by_token(token) if scheme == "Bot" else None
    if bot is None:
        raise ApiError(401, 0, "401: Unauthorized")
    return bot


def snowflake_arg(value: str, what: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ApiError(
            400,
            50035,
            "Invalid Form Body",
            {what: {"_errors": [{"code": "NUMBER_TYPE_COERCE", "message": f'Value "{value}" is not snowflake.'}]}},
        ) from None
