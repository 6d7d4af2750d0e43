"""The points' terms (:class:`~game.model.mechanism.kinds.point.Point`): a pin on every free
point, drawn between the bars and the balls."""

from __future__ import annotations

from collections.abc import Iterable

from ....model.poses import JointPose, Pose
from .base import Place


class PointTerms:
    pose_rank = 3

    def poses(self, free: Iterable[str], grabbed: set[str], at: Place, speed: Place) -> list[Pose]:
        return [JointPose(pid, *at(pid), *speed(pid), pid in grabbed) for pid in free]
