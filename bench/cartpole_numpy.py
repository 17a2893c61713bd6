"""A numpy-vectorised CartPole-v1: the reference bench/envSteps.ts compares our loop against.

N copies step together as float64 arrays, with Gymnasium's CartPole-v1 dynamics (docs/references.md),
its 500-step limit, and auto-reset of finished copies as our BatchEnv does. Actions come from a pool
of 64 pre-drawn arrays, cycled: drawing them is not what we time.

Prints one JSON line: {"steps_per_s": median, "repeats": [...], "numpy": version}, the median of 5
timed repeats after a warm-up. Usage: python3 bench/cartpole_numpy.py [--quick] [--copies N] [--seconds S]
"""

import argparse
import json
import math
import time

import numpy as np

GRAVITY = 9.8
MASS_CART = 1.0
MASS_POLE = 0.1
TOTAL_MASS = MASS_POLE + MASS_CART
HALF_LENGTH = 0.5
POLE_MASS_LENGTH = MASS_POLE * HALF_LENGTH
FORCE_MAG = 10.0
TAU = 0.02
X_THRESHOLD = 2.4
THETA_THRESHOLD = 12 * 2 * math.pi / 360
RESET_BOUND = 0.05
TIME_LIMIT = 500
ACTION_POOL = 64
REPEATS = 5


class CartPoles:
    """N CartPole copies; state[0..3] are x, x_dot, theta, theta_dot, each an array of N."""

    def __init__(self, n, rng):
        self.rng = rng
        self.state = rng.uniform(-RESET_BOUND, RESET_BOUND, size=(4, n))
        self.elapsed = np.zeros(n, dtype=np.int64)

    def step(self, actions):
        x, x_dot, theta, theta_dot = self.state
        force = np.where(actions == 1, FORCE_MAG, -FORCE_MAG)
        cos_theta = np.cos(theta)
        sin_theta = np.sin(theta)
        # temp = (F + m_p·l·θ̇²·sinθ) / (m_c + m_p)
        temp = (force + POLE_MASS_LENGTH * theta_dot**2 * sin_theta) / TOTAL_MASS
        # θ̈ = (g·sinθ − cosθ·temp) / (l·(4/3 − m_p·cos²θ / (m_c + m_p)))
        theta_acc = (GRAVITY * sin_theta - cos_theta * temp) / (HALF_LENGTH * (4.0 / 3.0 - MASS_POLE * cos_theta**2 / TOTAL_MASS))
        # ẍ = temp − m_p·l·θ̈·cosθ / (m_c + m_p)
        x_acc = temp - POLE_MASS_LENGTH * theta_acc * cos_theta / TOTAL_MASS
        # Euler, all from the old state: x += τ·ẋ; ẋ += τ·ẍ; θ += τ·θ̇; θ̇ += τ·θ̈
        self.state = np.stack([x + TAU * x_dot, x_dot + TAU * x_acc, theta + TAU * theta_dot, theta_dot + TAU * theta_acc])

        x, theta = self.state[0], self.state[2]
        terminated = (x < -X_THRESHOLD) | (x > X_THRESHOLD) | (theta < -THETA_THRESHOLD) | (theta > THETA_THRESHOLD)
        self.elapsed += 1
        truncated = self.elapsed >= TIME_LIMIT
        reward = np.ones(x.shape)

        # Auto-reset: finished copies start a new episode; their final observation is kept.
        done = terminated | truncated
        final_obs = self.state[:, done].astype(np.float32)
        if done.any():
            self.state[:, done] = self.rng.uniform(-RESET_BOUND, RESET_BOUND, size=(4, int(done.sum())))
            self.elapsed[done] = 0
        obs = self.state.T.astype(np.float32)
        return obs, reward, terminated, truncated, final_obs


def measure(copies, repeat_seconds, warmup_seconds):
    rng = np.random.default_rng(12345)
    env = CartPoles(copies, rng)
    pool = [rng.integers(0, 2, size=copies) for _ in range(ACTION_POOL)]
    call = 0

    def run(calls):
        nonlocal call
        # the process's CPU time, as bench/envSteps.ts times ours: another process on the core does not count
        start = time.process_time()
        for _ in range(calls):
            env.step(pool[call % ACTION_POOL])
            call += 1
        return time.process_time() - start

    # Warm up and estimate the rate, then size each repeat to last at least repeat_seconds.
    warm_calls, warm_seconds = 0, 0.0
    while warm_seconds < warmup_seconds:
        warm_seconds += run(16)
        warm_calls += 16
    calls = max(16, math.ceil(warm_calls / warm_seconds * repeat_seconds * 1.1))
    return [calls * copies / run(calls) for _ in range(REPEATS)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="repeats of 0.1 s after a 0.05 s warm-up")
    parser.add_argument("--copies", type=int, default=4096, help="N, the number of copies (default 4096)")
    parser.add_argument("--seconds", type=float, default=None, help="length of each timed repeat (default 0.5)")
    args = parser.parse_args()
    if args.copies < 1:
        parser.error("--copies must be a whole number ≥ 1")
    repeat_seconds = args.seconds if args.seconds is not None else (0.1 if args.quick else 0.5)
    if not repeat_seconds > 0:
        parser.error("--seconds must be a number > 0")
    rates = measure(args.copies, repeat_seconds, 0.05 if args.quick else 0.5)
    print(json.dumps({"steps_per_s": float(np.median(rates)), "repeats": [round(r) for r in rates], "numpy": np.__version__}))


if __name__ == "__main__":
    main()
