/** A mistake in the command line: reported as one line on stderr with exit code 2. */
export class UsageError extends Error {}

/** Run `action`, turning any error it throws into a UsageError with the same message. */
export function asUsage<T>(action: () => T): T {
  try {
    return action()
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

export const HELP = `reward-playground: the Reward Playground's command line

Usage:
  reward-playground envs
      Print every environment as JSON: state variables, actions, reward components
      (name, description, default weight, slider range), objective, time limit, parameters.

  reward-playground trace --env ID --state v1,v2,... --actions a0,a1,...
                          [--params key=value,...] [--weights name=value,...]
      Put one copy of the environment in the given internal state and apply the actions in
      order, printing one JSON line per step:
        {"t", "state", "obs", "components", "reward", "terminated", "truncated"}
      "state" is the internal state after the step (the one that ended the episode on its last
      step), "reward" is the sum of weight × component. Stops after the first step that
      terminates or truncates. Components not named in --weights keep their default weight.

  reward-playground --help
      Show this text.

Examples:
  reward-playground trace --env cartpole --state 0,0,0.05,0 --actions 1,1,0
  reward-playground trace --env cliffwalking --state 3,0 --actions 1
  reward-playground trace --env gridworld --params map=cliff --state 2,0 --actions 1,1 --weights progress=1

Bad arguments exit with code 2 and one line on stderr.
`
