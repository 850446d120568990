"""Buttons and the interactions they make, with the real discord.py: a bot's message carries buttons (checked as Discord
checks them), a user's tap reaches the bot as INTERACTION_CREATE (in a guild channel with the member, in a DM with the
user), the bot answers once within three seconds through the callback (a quiet acknowledgement, the message updated,
a message only the tapper sees), its later edits change the buttons, and a tap Discord's client would not allow is
refused."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import Route

from .client import Inbox, run, running_client
from .fake import FakeDiscord
from .model import Message
from .scene import Org


def buttons(*labels: str, disabled: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for label in labels:
        view.add_item(discord.ui.Button(label=label, custom_id=f"pick:{label}", disabled=disabled))
    view.stop()  # sent as components only: discord.py keeps no callback for it
    return view


def the_button(message: Message, custom_id: str) -> dict[str, Any]:
    return next(b for row in message.components for b in row["components"] if b["custom_id"] == custom_id)


def test_a_tap_reaches_the_bot_and_a_quiet_acknowledgement_answers_it_within_three_seconds(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            taps = Inbox(client, "interaction")
            sent = await client.get_channel(org.alice_subs.id).send("card 1: open or pass?", view=buttons("open", "pass"))
            (stored,) = fake_discord.sent_messages(org.alice_subs)
            assert [b["label"] for row in stored.components for b in row["components"]] == ["open", "pass"]
            made = fake_discord.tap(org.alice, stored, "pick:pass")
            (tap,) = await taps.wait_for(1)
            assert (tap.id, tap.type, tap.data["custom_id"], tap.data["component_type"]) == (
                made.id,
                discord.InteractionType.component,
                "pick:pass",
                2,
            )
            assert (tap.user.id, tap.channel_id, tap.message.id, tap.guild_id) == (org.alice.id, org.alice_subs.id, sent.id, org.guild.id)
            assert isinstance(tap.user, discord.Member) and abs((tap.created_at - fake_discord.now()).total_seconds()) < 5
            await tap.response.defer()
            with pytest.raises(discord.InteractionResponded):
                await tap.response.defer()
            url = f"{fake_discord.api_base}/interactions/{made.id}"
            async with aiohttp.ClientSession() as http:  # what Discord says to a second answer, and to a wrong token
                async with http.post(f"{url}/{made.token}/callback", json={"type": 6}) as again:
                    assert (again.status, (await again.json())["code"]) == (400, 40060)
                async with http.post(f"{url}/not-the-token/callback", json={"type": 6}) as forged:
                    assert (forged.status, (await forged.json())["code"]) == (404, 10062)

    run(scenario())
    (ix,) = fake_discord.interactions
    assert ix.response_type == 6 and ix.answered_after is not None and 0 <= ix.answered_after < 3
    assert fake_discord.count_requests("POST", f"/interactions/{ix.id}/*/callback", 200) == 1


def test_updating_the_message_disables_its_buttons_and_a_disabled_button_cannot_be_tapped(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            taps = Inbox(client, "interaction")
            edits = Inbox(client, "message_edit")
            await client.get_channel(org.game.id).send("refill?", view=buttons("yes", "no"))
            (stored,) = fake_discord.sent_messages(org.game)
            fake_discord.tap(org.bob, stored, "pick:yes")
            (tap,) = await taps.wait_for(1)
            await tap.response.edit_message(view=buttons("yes", "no", disabled=True))
            (_, after) = (await edits.wait_for(1))[0]
            assert all(c.disabled for row in after.components for c in row.children)

    run(scenario())
    (stored,) = fake_discord.sent_messages(org.game)
    assert the_button(stored, "pick:yes")["disabled"] and stored.content == "refill?" and stored.edited_timestamp is not None
    assert fake_discord.interactions[0].response_type == 7
    with pytest.raises(ValueError, match="the button 'no' is disabled: Discord's client does not let anyone tap it"):
        fake_discord.tap(org.bob, stored, "pick:no")
    with pytest.raises(ValueError, match=r"the message has no button 'pick:maybe' \(its buttons: \['pick:yes', 'pick:no'\]\)"):
        fake_discord.tap(org.bob, stored, "pick:maybe")
    with pytest.raises(ValueError, match="lurker cannot see #alice-submissions"):
        _tap_hidden(fake_discord, org)


def _tap_hidden(fake: FakeDiscord, org: Org) -> None:
    """The outsider taps a button on a message in Alice's private channel, which they cannot see."""
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "a"}]}
    fake.tap(org.outsider, Message(1, org.alice_subs, org.bot.user, "x", fake.now(), components=[row]), "a")


def test_an_answer_only_the_tapper_sees_is_no_message_of_the_channel(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            taps = Inbox(client, "interaction")
            await client.get_channel(org.game.id).send("Hedger: call or fold?", view=buttons("call", "fold"))
            fake_discord.tap(org.bob, fake_discord.sent_messages(org.game)[0], "pick:fold")
            (tap,) = await taps.wait_for(1)
            await tap.response.send_message("this question is for Alice", ephemeral=True)

    run(scenario())
    (seen,) = fake_discord.ephemerals
    assert (seen.to, seen.message.channel, seen.content, seen.message.flags) == (org.bob, org.game, "this question is for Alice", 64)
    assert [m.content for m in fake_discord.messages(org.game)] == ["Hedger: call or fold?"]
    assert fake_discord.interactions[0].response_type == 4


def test_a_tap_in_a_dm_comes_with_the_user_and_an_edit_changes_the_buttons(fake_discord: FakeDiscord, org: Org) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            taps = Inbox(client, "interaction")
            dm = await (await client.fetch_user(org.alice.id)).create_dm()
            sent = await dm.send("card 2: open or pass?", view=buttons("open", "pass"))
            fake_discord.tap(org.alice, fake_discord.dms_to(org.alice)[0], "pick:open")
            (tap,) = await taps.wait_for(1)
            assert isinstance(tap.user, discord.User) and isinstance(tap.channel, discord.DMChannel) and tap.guild_id is None
            await tap.response.defer()
            await dm.get_partial_message(sent.id).edit(view=buttons("open", "pass", disabled=True))

    run(scenario())
    (message,) = fake_discord.dms_to(org.alice)
    assert the_button(message, "pick:open")["disabled"] and the_button(message, "pick:pass")["disabled"]
    assert fake_discord.count_requests("PATCH", f"/channels/{message.channel.id}/messages/{message.id}", 200) == 1


def test_an_answer_after_three_seconds_is_refused_as_discord_refuses_it() -> None:
    with FakeDiscord(interaction_timeout=0.2) as fake:
        from .scene import small_org

        org = small_org(fake)

        async def scenario() -> None:
            async with running_client(fake, org.bot) as client:
                taps = Inbox(client, "interaction")
                await client.get_channel(org.game.id).send("yes or no?", view=buttons("yes"))
                fake.tap(org.alice, fake.sent_messages(org.game)[0], "pick:yes")
                (tap,) = await taps.wait_for(1)
                await asyncio.sleep(0.3)
                with pytest.raises(discord.NotFound) as refused:
                    await tap.response.defer()
                assert refused.value.code == 10062

        run(scenario())
        (ix,) = fake.interactions
        assert ix.response_type is None and ix.late_answers == 1
        assert not fake.internal_errors


@pytest.mark.parametrize(
    ("components", "error"),
    [
        (
            [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                        {"type": 2, "style": 2, "label": "b", "custom_id": "same"},
                    ],
                }
            ],
            "components.0.components.1.custom_id: Component custom id cannot be duplicated",
        ),
        (
            [{"type": 1, "components": [{"type": 2, "style": 1, "label": str(i), "custom_id": str(i)} for i in range(6)]}],
            "components.0.components: Must be between 1 and 5 in length.",
        ),
        (
            [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x" * 81, "custom_id": "a"}]}],
            "components.0.components.0.label: Must be 80 or fewer in length.",
        ),
        (
            [{"type": 1, "components": [{"type": 2, "style": 1, "label": "no id"}]}],
            "components.0.components.0.custom_id: Must be between 1 and 100 in length.",
        ),
    ],
)
def test_components_discord_would_refuse_are_refused_with_its_form_error(
    fake_discord: FakeDiscord, org: Org, components: list[Any], error: str
) -> None:
    async def scenario() -> None:
        async with running_client(fake_discord, org.bot) as client:
            route = Route("POST", "/channels/{channel_id}/messages", channel_id=org.game.id)
            with pytest.raises(discord.HTTPException) as refused:
                await client.http.request(route, json={"content": "pick one", "components": components})
            assert refused.value.status == 400 and refused.value.code == 50035 and error in str(refused.value)

    run(scenario())
    assert fake_discord.sent_messages(org.game) == []
