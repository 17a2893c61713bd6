import { errorMessage } from '../core/errorMessage'
import { MAX_INPUT_SIZE, MAX_ITERATIONS, MAX_PROCESS_COMPLETIONS, MAX_ROLLOUT_SIZE, MAX_STEPS } from './limits'
import { MAX_COMPLETIONS, MAX_COMPONENTS, MAX_RECORD_SIZE } from '../core/rollouts/limits'
import { ENVIRONMENTS } from '../core/envs/registry'
import { GROUP_PRESETS } from '../core/credit/estimatorSchema'
import { MAX_TREE_DEPTH, MAX_TREE_NODES } from '../core/credit/treeAdvantages'
import { MAX_ENSEMBLE_MEMBERS, MAX_LABELER_BIAS, MAX_LABELER_TEMPERATURE, MAX_PAIR_LINE_LENGTH, MAX_PAIRS_FILE_SIZE, MAX_PREFERENCE_FEATURES, MAX_PREFERENCE_PAIRS, MAX_SEGMENT_STEPS } from '../core/preferences/limits'
import { MAX_SWEEP_AXES, MAX_SWEEP_RUNS } from '../model/sweep/limits'
import { MAX_REWARD_MODEL_LAMBDA, MAX_REWARD_MODELS } from '../core/rewards/designSchema'
import { DEFAULT_REFIT_L2, MAX_REFIT_EVERY, MAX_REFIT_PAIRS, MAX_REFIT_PAIRS_PER_REFIT, MIN_REFIT_PAIRS } from '../core/rewards/rewardModelRefitSchema'
import { MAX_DPO_LABELLED_PAIRS, MAX_DPO_RECIPE_PAIRS } from '../core/run/dpoOptions'
import { KL_ESTIMATORS } from '../core/losses/klEstimators'
import { POLICY_LOSSES } from '../core/losses/policyLosses'

/** The environments train --dump-rollouts writes (their prompts and tokens are text). */
const DUMPABLE_ENVIRONMENTS = ENVIRONMENTS.filter((definition) => definition.promptText !== undefined)
  .map((definition) => definition.spec.id)
  .join(', ')
const PRESETS = Object.keys(GROUP_PRESETS).join('|')

/** A mistake in the command line: reported as one line on stderr with exit code 2. */
export class UsageError extends Error {}

/** Run `action`, turning any error it throws into a UsageError with the same message. */
export function asUsage<T>(action: () => T): T {
  try {
    return action()
  } catch (error) {
    throw new UsageError(errorMessage(error))
  }
}

export const HELP = `reward-playground: the Reward Playground's command line

Usage:
  reward-playground envs
      Print every environment as JSON: state variables, actions, reward components
      (name, description, default weight, slider range), objective, time limit, parameters.

  reward-playground trace --env ID --state v1,v2,... --actions a0,a1,...
                          [--params key=value,...] [--mix FILE] [--weights name=value,...]
      Put one copy of the environment in the given internal state and apply the actions in
      order, printing one JSON line per step:
        {"t", "state", "obs", "components", "reward", "terminated", "truncated"}
      "state" is the internal state after the step (the one that ended the episode on its last
      step), "reward" is the sum of weight × component. Stops after the first step that
      terminates or truncates. Components not named in --weights keep their default weight.
      --mix FILE (- for stdin) is a reward design as the app exports it:
        {"version": 1, "weights": {...}, "transforms": {...}, "shaping": [...],
         "bonuses": [...], "terms": [{"name", "expression", "weight"}, ...]}
      Its custom terms, shaping terms and bonuses become further components (after their
      transforms), named as in the app (the term's name, shaping_<potential>,
      naive_<potential>, bonus_<kind>), and its weights apply; --weights overrides them. A design
      with problems is refused with every problem named. A step whose state, observation,
      components or reward overflow (NaN or ±Infinity, which JSON cannot print) is refused, naming
      the step and the value.

  reward-playground train --config FILE [--iterations N | --steps N] [--every K]
                          [--dump-rollouts DIR]
      Train as the app does, from a run config (FILE, or - for stdin):
        {"env": {"id", "params"}, "mix": a reward design as for trace --mix,
         "learner": {"kind": "ppo"|"qlearning"|"sarsa"|"expected_sarsa"|"sarsa_lambda"|
                     "value_iteration"|"reinforce"|"grpo"|"independent"|"dpo", ...hyperparameters},
         "seed": integer}
      Runs N iterations (default 100, at most ${MAX_ITERATIONS}), or with --steps until at least
      N environment steps (whole iterations; N at most ${MAX_STEPS}), printing one JSON line
      every K iterations (default 1, at most ${MAX_ITERATIONS}):
        {"iteration", "envSteps", "wallSeconds", "episodes", "meanReturn", "meanObjective",
         "meanLength", "recentReturn", "recentObjective", "contributions": {name: mean},
         "diagnostics": {...}}
      and finally {"done": true, "iterations", "envSteps", "wallSeconds", "episodes",
      "recentReturn", "recentObjective", "recentContributions": {name: mean},
      "recentZeroAdvantageFraction", "recentSignFlipFraction", "recentLength", "peakObjective"}.
      "episodes" and the means
      cover the episodes that finished in the interval (null, and contributions null, when none
      did); the recent values the last 20 episodes of the run (recentContributions: each
      component's sum_t w_k c_k,t, null when none finished; recentLength their mean length in steps, tokens on the token
      task); recentZeroAdvantageFraction is the mean of the diagnostic
      zero_advantage_fraction (the share of an update's advantages that are zero) over the last
      20 iterations, null when the learner reports none (value_iteration); recentSignFlipFraction
      the mean of sign_flip_fraction (the share of an update's completions whose advantage sign is
      opposite to reward minus the prompt's exact expected reward under the sampling policy) over
      the last 20 iterations that reported it: GRPO on the bandit, when every weighted component is
      the bandit's own and the KL is not in the reward; null
      otherwise (on tokenseq it is not computed); peakObjective is the
      highest recentObjective after any iteration (null when no episode finished); the final
      "episodes" counts them all. A GRPO or DPO run's lines add "meanKl" (the mean over the
      interval's iterations of its kl diagnostic, the k3 estimate of KL(pi || pi_ref) per token) and the done line
      "recentKl" (the same over the last 20 iterations); null when no update was made.
      On tokenseq, "mix" may add fitted reward models as components: "rewardModels":
      [{"name": "rm", "model": what reward-model fit prints under "model", "aggregate":
      "mean"|"min"|"mean_minus_std", "lambda": L (0 to ${MAX_REWARD_MODEL_LAMBDA}, only with mean_minus_std)}], at most
      ${MAX_REWARD_MODELS}; each pays its score of a completion's features when it ends (a process model,
      "granularity": "process", pays log sigmoid(r) of each step's features on every token). Here "file": PATH may
      stand for "model": a file holding what reward-model fit printed (or its model alone),
      relative to the config file (to the working directory for --config -). Where an ensemble of
      two or more members pays, the lines' diagnostics add "rm_ensemble_std": the members'
      population std of each completion (step, token) they scored, averaged over the iteration.
      A linear outcome model of one member may add "refit": {"every": N (1 to ${MAX_REFIT_EVERY} updates),
      "pairs": M (${MIN_REFIT_PAIRS} to ${MAX_REFIT_PAIRS_PER_REFIT}), "temperature": T (0 to ${MAX_LABELER_TEMPERATURE}), "l2": L (default ${DEFAULT_REFIT_L2})}
      (GRPO on tokenseq only): every N updates M fresh pairs of the latest batch (two completions
      of one prompt, drawn from the run's seed) are labelled by the gold at temperature T, join the
      pairs refitted on so far (the most recent ${MAX_REFIT_PAIRS.toLocaleString('en-US')}) and the model is refitted as
      reward-model fit --model linear --l2 L fits it, paid from the next update on. The lines'
      diagnostics add "rm_refits", "rm_refit_pairs", "rm_refit_train_accuracy" (the new model on
      its pairs) and "rm_refit_heldout_accuracy" (the model before it on the fresh pairs); the done
      line adds "rmRefits".
      On cartpole, gridworld, cliffwalking and frozenlake a model fitted on their segment pairs
      (preferences --env ID) is a component the same way and pays r(f(state reached)) on every step.
      On tokenseq, "learner": {"kind": "dpo"} trains by direct preference optimisation from the
      start policy (reference: the start policy, frozen): "loss": "sigmoid"|"ipo"|"hinge"
      (default sigmoid), "beta" (above 0, at most 100; default 0.1), "labelSmoothing" (0 to below
      0.5, sigmoid only), "learningRate", "batchSize" (pairs per step), "stepsPerIteration",
      "epochs" (passes over the pairs; then the policy stays), "groupsPerIteration" (prompts
      sampled per iteration for the figures, never learnt from), and "preferences": either
      {"source": "start", "pairs": N (1 to ${MAX_DPO_RECIPE_PAIRS}), "temperature": T, "seed": S,
      "biases": {"length": W, "format": W}}, the very pairs preferences --pairs N --temperature T
      --seed S --bias length=W,format=W writes (default 1000 pairs, T 0.1, seed 1), or
      {"source": "labelled", "pairs": [{"prompt": [a, b], "chosen": [tokens], "rejected":
      [tokens]}, ...]} (1 to ${MAX_DPO_LABELLED_PAIRS} pairs). Its diagnostics add dpo_loss,
      preference_accuracy, chosen_reward, rejected_reward, reward_margin and dpo_epoch.
      PPO, REINFORCE, GRPO and DPO run on TensorFlow.js's wasm backend. The same config gives the
      same numbers (wallSeconds aside). A run that stops itself (a NaN or infinite reward or
      loss) prints the diagnosis as one line on stderr and exits with code 1.
      --dump-rollouts DIR (GRPO on ${DUMPABLE_ENVIRONMENTS} only) writes each update's completions as verl writes
      a training step's rollouts, DIR/<update>.jsonl (updates from 1), one line per completion:
        {"input": the prompt ("3+4="), "output": the tokens by name, spaced ("think 7 end"),
         "score": sum_k w_k C_k under the weights in force, "step", "uid" (the group's id,
         "<update>-<group>": two groups may have one prompt), one key per component (its total
         C_k), and "kl_penalty" (sum_t -beta*KL_t) with the KL in the reward}
      DIR is made if missing and must hold no <step>.jsonl yet. rollouts advantages --from DIR
      with the run's estimator (and --weights score=1,kl_penalty=1 with the KL in the reward)
      gives the advantages the run trained on.

  reward-playground advantages --estimator gae --gamma G --lambda L
      Generalised advantage estimation over one rollout of T steps. Reads on stdin
        {"rewards": [T], "values": [T], "terminated": [T], "truncated": [T],
         "bootstrapValues": [T], "lastValue": v}
      (terminated/truncated as true/false or 1/0; bootstrapValues[t] is V of the final
      observation where truncated[t] and is ignored elsewhere; lastValue is V of the state
      after the last step) and prints {"advantages": [T], "returns": [T]}. Backwards from A_T = 0:
        next_t = bootstrapValues_t if truncated_t, else lastValue if t = T-1, else values_{t+1}
        delta_t = r_t + G(1 - terminated_t)next_t - values_t
        A_t = delta_t + G*L(1 - terminated_t)(1 - truncated_t)A_{t+1};  returns_t = A_t + values_t

  reward-playground advantages --estimator group [--center mean|median|loo|batch]
                               [--scale group|batch|none] [--rank] [--batch-normalize] [--eps E]
      Group-relative advantages (GRPO and relatives). Reads on stdin {"groups": [[r, ...], ...]}
      (groups may differ in size) or, for several reward components,
        {"groups": [[[c1, c2, ...], ...], ...], "weights": [w1, ...], "combine": "sum"|"decoupled"}
      and prints {"advantages": [[a, ...], ...]}. Per group, with --rank each reward is first
      replaced by its 1-based rank in the group (ties share the average rank); the centre b_i is
      the group mean, the group median, leave-one-out (sum_j r_j - r_i)/(n - 1), or the batch
      mean; the scale s is the group's or the batch's standard deviation (Bessel; 0 for a single
      value); a_i = (r_i - b_i)/(s + E), or r_i - b_i with --scale none. "sum" applies this to
      sum_k w_k c_k, "decoupled" gives sum_k w_k a^(k), each a^(k) from component k alone.
      --batch-normalize finally maps every a to (a - mean)/(std + E) over the whole batch.
      Defaults: --center mean --scale group --eps 1e-4. A zero divisor (only with --eps 0) gives 0.
      Presets: GRPO (defaults); Dr. GRPO --scale none; RLOO --center loo --scale none;
      median centre (once named MC-GRPO) --center median; REINFORCE++-baseline (once
      REINFORCE++) --center batch --scale batch; rank-based --rank. MC-GRPO itself is
      --estimator mc_grpo.

  reward-playground advantages --estimator mc_grpo
      MC-GRPO (Kim 2026) as its authors' trainer computes it. Reads on stdin
        {"groups": [[r, ...], ...]}
      each group the G + 1 completions of one prompt, an odd number of at least 3, and prints
      {"advantages": [[a, ...], ...], "pivots": [p, ...]}. Per group, with m the median reward:
        MAD = median_j |r_j - m|,  a^_i = (r_i - m)/(MAD + 0.001),
        a_i = a^_i (n/Z) where |a^_i| > 1e-6, else a^_i,  Z the count of those, n = G + 1
      p is the index within its group of the pivot, the first completion whose reward is m: its
      a is 0 and a GRPO run leaves it out of the loss, so G completions train per prompt.

  reward-playground advantages --estimator remax|opo|passk [--k K] [--eps E]
      Three more estimators for group-sampled completions, each printing
      {"advantages": [[a, ...], ...]}, one inner array per group, with no scaling:
        remax  reads {"groups": [[r, ...], ...], "greedy": [g, ...]}, g the reward of the group's
               greedy (argmax-decoded) completion: a_i = r_i - g (ReMax; verl's
               compute_remax_outcome_advantage).
        opo    reads {"groups": [[r, ...], ...], "lengths": [[l, ...], ...]}, l each completion's
               length in tokens (a whole number >= 1): b = sum_j l_j r_j / sum_j l_j, a_i = r_i - b
               (OPO; verl's compute_opo_outcome_advantage, which gives a lone completion baseline 0
               where here it is its own baseline and gets 0).
        passk  reads {"groups": [[0 or 1, ...], ...]} (1 right, 0 wrong) and needs --k K, from 1 to
               every group's size: pass@k advantages by analytical derivation (Chen et al. 2025).
               With N completions, N_neg of them wrong, and C the binomial coefficient,
                 R = 1 - C(N_neg, K)/C(N, K),  s = sqrt(R(1 - R))
                 a right completion: (1 - R)/(s + E)
                 a wrong completion: (1 - R - C(N_neg - 1, K - 1)/C(N - 1, K - 1))/(s + E)
               0 where s + E = 0. --eps E (from 0 to 1) defaults to 0, the paper's equation; the
               authors' code uses 1e-6. K = 1 is (r - mean)/(population std).
      "greedy" and "lengths" are refused with the other estimators.

  reward-playground advantages --estimator reinforce_pp
      REINFORCE++ as OpenRLHF computes it (experience_maker.py, advantage_estimator "reinforce":
      get_cumulative_returns with gamma = 1, then normalised over the batch), no critic, no group.
      Reads on stdin {"rewards": [R, ...], "penalties": [[p, ...], ...]}: R the task reward of each
      completion, and for completion i one p_t per token (its length is their count, at least 1),
      the per-token reward besides R, -beta*KL_t with the KL in the reward (0 where it is not).
      Prints {"advantages": [[A, ...], ...]}, one inner array per completion, one A per token:
        r_t = p_t + [t = last] R,  G_t = sum_{s >= t} r_s,
        A_t = (G_t - mu)/sqrt(max(sigma^2, 1e-8)), mu and sigma^2 (dividing by the count) over
        every token of the batch. "penalties" is refused with the other estimators.

  reward-playground advantages --estimator process [--eps E]
      GRPO's process supervision as DeepSeekMath defines it (Shao et al. 2024, section 4.1.3),
      each token a step; the GRPO learner's estimator.baseline "process". Reads on stdin
        {"groups": [[[r, ...], ...], ...]}
      one reward per token for each completion (at least one) of each group, and prints
      {"advantages": [[[A, ...], ...], ...]} in the same shape:
        r~ = (r - mean(R_g))/(std(R_g) + E),  A_t = sum over the completion's steps s >= t of r~_s
      R_g every step reward of group g's completions, std with Bessel's correction (0 for one
      step). Default --eps 1e-4; a zero divisor (only with --eps 0) gives 0.

  reward-playground advantages --estimator process_min [--eps E]
      Min-form credit (PURE, Cheng et al. 2025); the GRPO learner's estimator.baseline
      "process_min". Same input and output as --estimator process, with
        G_t = min over the completion's steps s >= t of r_s + R_i,  V_i = G_1 of completion i,
        A_t = (G_t - mean(V_g))/(std(V_g) + E)
      V_g the values of group g's completions, std with Bessel's correction (0 for one completion).
      R_i: an optional "outcomes": [[R, ...], ...], one outcome reward (a verifiable reward) per
      completion of each group, added after the minimum as PURE adds it; absent, 0. In a GRPO run
      the process reward models' components are the r_t and every other component the outcome.

  reward-playground advantages --estimator grpo_passk [--scale group|none] [--eps E]
      verl's grpo_passk (compute_grpo_passk_outcome_advantage); the GRPO learner's
      estimator.baseline "passk_verl", not the closed form of --estimator passk. Reads on stdin
      {"groups": [[r, ...], ...]}, at least 2 completions in every non-empty group, and prints
      {"advantages": [[a, ...], ...]}. Per group only the completion with the largest reward gets
      an advantage, every other one 0:
        a = (r_max - r_2nd)/(s + E) with --scale group,  a = r_max - r_2nd with --scale none
      r_2nd the second largest reward counted with repeats, so a tie for the largest gives every
      completion 0; s the group's standard deviation (Bessel), over all of its rewards. --scale
      group is verl's norm_adv_by_std_in_grpo true, none false. Defaults: --scale group --eps 1e-4
      (verl's epsilon is 1e-6). A zero divisor (only with --eps 0) gives 0.

  reward-playground advantages --estimator tree [--global] [--reweight]
      Segment-level advantages of a rollout grown as a tree (TreeRL, Hou et al. 2025). Reads on
      stdin {"tree": NODE}, NODE {"children": [NODE, ...]} (at least one child) or a leaf
      {"reward": r} (r finite), at most ${MAX_TREE_NODES} nodes and ${MAX_TREE_DEPTH} levels below the root. The root is
      the prompt; every other node is a segment that continues its parent's, a leaf a completion's
      end. With L(n) the leaves under n:
        V(n) = mean of r over L(n),  A(n) = V(n) - V(parent(n)),  A(root) = 0
      --global adds V(n) - V(root) (TreeRL's global advantage) and --reweight divides by
      sqrt(|L(n)|); both together are TreeRL's process reward. Each token of a segment takes its
      node's A. Prints {"advantages": [A, ...], "paths": [p, ...], "values": [V, ...],
      "leaves": [|L|, ...]}, one entry per node in pre-order (a node, then each child's subtree in
      order), p its child indices from the root joined by "." ("" the root, "0.1" the first
      child's second child).

  reward-playground credit --method shared|equal|difference|shapley
      Team credit from coalition values. Reads on stdin
        {"agents": n, "values": {"": v, "0": v, "1": v, "0,1": v, ...}}
      (each coalition keyed by its sorted agent indices joined by ","; all 2^n present) and prints
      {"credit": [c_0, ...]}: shared v(N) each, equal v(N)/n, difference v(N) - v(N without i),
      shapley the exact Shapley value.

  reward-playground bradley-terry [--l2 LAMBDA]
      Fit a linear reward w·x to preference pairs by maximum likelihood (Bradley–Terry). Reads on
      stdin {"pairs": [{"a": [x, ...], "b": [x, ...], "preferred": "a"|"b"}, ...]} (1 to
      ${MAX_PREFERENCE_PAIRS} pairs, every feature vector of one length, 1 to ${MAX_PREFERENCE_FEATURES} features) and prints
        {"weights": [w, ...], "loss": L(w*), "accuracy": fraction of pairs with w·x_w > w·x_l}
      where x_w is the preferred vector, x_l the other, and w* minimises
        L(w) = sum_pairs -log sigmoid(w·(x_w - x_l)) + (LAMBDA/2)|w|^2
      (Newton's method with a line search, to a gradient norm below 1e-10, or to the rounding
      floor of double precision where many pairs put 1e-10 out of reach). Default --l2 1; 0 is
      allowed, but with --l2 0 pairs that some weights order all at once (separable, refused
      naming such weights) or that leave a combination of the weights undetermined have no
      unique finite fit, and are refused.

  reward-playground dpo-loss --beta B [--loss sigmoid|ipo|hinge] [--label-smoothing EPS]
      Direct preference optimisation's losses on summed log-probabilities. Reads on stdin
        {"policyChosen": [n], "policyRejected": [n], "refChosen": [n], "refRejected": [n]}
      (n ≥ 1) and prints {"loss": mean, "losses": [n], "chosenRewards": [n],
      "rejectedRewards": [n], "accuracy"}. With h = (policyChosen - refChosen) -
      (policyRejected - refRejected), each pair's loss is
        sigmoid  -(1 - EPS) log sigmoid(B h) - EPS log sigmoid(-B h)   (EPS: conservative DPO)
        ipo      (h - 1/(2B))^2
        hinge    max(0, 1 - B h)
      chosenRewards = B(policyChosen - refChosen), rejectedRewards = B(policyRejected -
      refRejected); accuracy is the fraction of pairs whose chosen reward is strictly greater.
      B > 0; default --loss sigmoid; --label-smoothing (sigmoid only) from 0 (default) to below 0.5.

  reward-playground loss --policy-loss ${POLICY_LOSSES.join('|')} [--clip-low E]
                         [--clip-high E] [--dual-clip C] [--delta D] [--tau-pos T] [--tau-neg T]
                         [--clip-cov-ratio P] [--clip-cov-lb X] [--clip-cov-ub X] [--seed S]
                         [--kl-cov-ratio P] [--ppo-kl-coef K] [--aggregation MODE] [--max-length L]
                         [--kl none|${KL_ESTIMATORS.join('|')}] [--beta B]
                         [--vllm-importance-sampling-mode MODE] [--vllm-importance-sampling-clip-max C]
                         [--vllm-importance-sampling-clip-min C]
      A policy-gradient loss on per-token log-probabilities, as verl's core_algos.py computes it.
      Reads on stdin
        {"logProbs": [[log p per token], ...], "oldLogProbs": [[...], ...],
         "refLogProbs": [[...], ...], "advantages": [[A per token], ...] or [A per sequence]}
      (one inner array per sequence, one entry per token, lengths may differ; at least one
      sequence, none empty; refLogProbs with --kl only) and prints
        {"loss", "policyLoss", "kl", "clipFraction", "tokenLoss": [[l, ...], ...]}
      (clip_cov and kl_cov add "selectedFraction", the share of tokens their covariance selected)
      where tokenLoss is each token's policy-loss term l before aggregation (no KL in it),
      policyLoss = agg(tokenLoss), kl = agg(KL) (0 without --kl) and loss = policyLoss + B*kl.
      With the ratio r = exp(clamp(log p - log p_old, -20, 20)) and clip(x) = clip(x, 1 - E_low,
      1 + E_high), E_low and E_high from --clip-low and --clip-high:
        ppo         l = max(-A*r, -A*clip(r)); with --dual-clip C, where A < 0, l = min(l, -A*C)
                    (verl's compute_policy_loss_vanilla: clip_ratio_low, clip_ratio_high and
                    clip_ratio_c; verl applies C = 3 unless set, here there is no dual clip
                    unless --dual-clip is given); with --delta D (TRL's two-sided clip delta),
                    l = max(-A*min(r, D), -A*clip(r))
        gspo        the sequence ratio s_i = exp(min(mean_t(log p - log p_old), 10)) for every token
                    of sequence i: l = max(-A*s_i, -A*clip(s_i)); policyLoss is always
                    seq-mean-token-mean, whatever --aggregation, which the KL follows
                    (compute_policy_loss_gspo)
        gspo_token  the same numbers as gspo (only its gradient differs)
        geo_mean    x_t = log p - log p_old (no clamp), x'_t = x_t clipped to [-E_low, E_high] only
                    where that lowers A's objective (sgn(A)*min(sgn(A)*x, sgn(A)*clip(x))), the
                    sequence's g_i = exp(mean_t x'_t) and l = -mean_t(A)*g_i for every token of
                    sequence i; policyLoss is always the mean over sequences
                    (compute_policy_loss_geo_mean)
        cispo       l = -sg(clip(r))*A*log p, sg the stop-gradient (compute_policy_loss_cispo)
        sapo        l = -A*sigmoid(T*(r - 1))*4/T, T = --tau-pos where A > 0, else --tau-neg;
                    never clipped; policyLoss is always seq-mean-token-mean
                    (compute_policy_loss_sapo: tau_pos, tau_neg)
        clip_cov    r = exp(log p - log p_old) unclamped; l = max(-A*r, -A*clip(r)), and l = 0 at
                    the n = max(floor(P*N), 1) tokens drawn at random (from --seed) among the
                    tokens the clip leaves alone whose cov = (A - mean A)*(log p - mean log p),
                    over all N tokens, lies strictly between --clip-cov-lb and --clip-cov-ub
                    (compute_policy_loss_clip_cov: clip_cov_ratio, clip_cov_lb, clip_cov_ub)
        kl_cov      r unclamped; l = -A*r (no clip), plus K*|log p - log p_old| at the
                    max(1, floor(P*N)) tokens of largest cov, the earlier on a tie
                    (compute_policy_loss_kl_cov: kl_cov_ratio, ppo_kl_coef)
        reinforce   l = -A*log p (the loss of compute_policy_loss_gpg: verl's gpg loss is this one)
      --kl (verl's kl_penalty; B is its kl_loss_coef), with d = log p_ref - log p:
        k1 = -d ("kl"),  k2 = d^2/2 ("mse"),  k3 = min(e^d' - d' - 1, 10), d' = clamp(d, -20, 20)
        ("low_var_kl"),  abs = |d| ("abs"); k1+ ("k1+") and k3+ ("k3+") have the values of k1
        and k3 (their gradient in a learner is k2's, -d: verl's straight-through forms)
      --aggregation (agg_loss's loss_agg_mode names; token-sum is ours, not verl's) over S
      sequences o_i of |o_i| tokens:
        token-mean  sum l / sum_i |o_i|        seq-mean-token-mean  mean_i(sum_t l / |o_i|)
        token-sum   sum l                      seq-mean-token-sum   mean_i(sum_t l)
        seq-mean-token-sum-norm  sum l / (S*L), L = --max-length (required by it, a whole number
                    at least the longest sequence), as TRL's dr_grpo; verl's divides by L alone
      The names older setups use are accepted too: sequence = seq-mean-token-mean, token = token-mean,
      constant = seq-mean-token-sum-norm.
      clipFraction is the share of all tokens where, for ppo and gspo, the clipped term is strictly
      the larger loss against r itself (a token only the dual clip or --delta changed does not
      count); for cispo, r lies outside [1 - E_low, 1 + E_high], whatever A; for geo_mean, x_t
      lies outside [-E_low, E_high] and A is not 0; for clip_cov, as ppo's; for sapo, kl_cov and
      reinforce, 0.
      --vllm-importance-sampling-mode (TRL's, for a sampler that is not the learner) reads
      "samplerLogProbs" (log p_s per token, the sampler's; oldLogProbs are then the learner's) and
      multiplies each token's l by c (before aggregation; the KL term is not weighed), with
      rho = exp(log p_old - log p_s) per token, or its product over the sequence for sequence_*:
        token_truncate, sequence_truncate  c = clamp(rho, C_min, C_max)
        token_mask, sequence_mask          c = rho inside [C_min, C_max], else 0
      C_max from --vllm-importance-sampling-clip-max (default 3; none for no upper bound, mask
      modes only), C_min from --vllm-importance-sampling-clip-min (default none); it adds
      "correctedFraction", the share of tokens whose c is not their rho.
      Defaults: --clip-low 0.2, --clip-high = --clip-low, no dual clip, no --delta, --tau-pos 1,
      --tau-neg 1.05, --clip-cov-ratio 0.0002, --clip-cov-lb 1, --clip-cov-ub 5, --kl-cov-ratio
      0.0002, --ppo-kl-coef 0.1 (verl's), --seed 0, --aggregation token-mean, --kl none, --beta 0.
      E_low from 0 to 1, E_high >= 0 (neither for sapo, kl_cov or reinforce), C > 1 (ppo only),
      D > 1 (ppo only), T > 0 (sapo only), P above 0 and at most 1, lb < ub and S (clip_cov
      only), K >= 0 (kl_cov only), B >= 0 (only with --kl).

  reward-playground preferences --env tokenseq [--params key=value,... | --params JSON] --pairs N
                               --temperature T --seed S [--bias length=W,format=W,token:ID=W,...]
      Pairs of completions of the token task, labelled by a simulated labeler, one JSON line a pair:
        {"prompt": [a, b], "a": {"tokens": [...], "features": {name: x, ...}, "gold": g},
         "b": {...}, "probability": P(a preferred), "label": "a"|"b"}
      The completions come from the start policy of a GRPO run of seed S (GRPO's default options:
      16 prompts a round, group_size completions each; the first round is the batch that run
      samples first), two of one prompt a pair. "gold" is the task's objective (1 for a right
      answer, 0 otherwise); the features are format, match (1/(1 + |the number written - (a + b)|),
      0 without digits), proxy, length (tokens written, end included) and count_0 ... count_9,
      count_think. The labeler scores a completion s = gold + sum_k W_k f_k over the biases given
      (length: f = tokens written; format: f = 1 for a well-formed answer; token:ID: f = how many
      times token ID occurs, 0-9 a digit, 10 think, 11 end) and prefers a with probability
      sigmoid((s_a - s_b)/T); T = 0 picks the higher score, a tie at 1/2. Only tokenseq has
      completions to pair so far. N is 1 to ${MAX_PREFERENCE_PAIRS}, T 0 to ${MAX_LABELER_TEMPERATURE}, each W from -${MAX_LABELER_BIAS} to ${MAX_LABELER_BIAS},
      S 0 to 2147483647; group_size must be at least 2. The same arguments give the same lines.

  reward-playground preferences --env cartpole|gridworld|cliffwalking|frozenlake [--params ...]
                               [--segment K] --pairs N --temperature T --seed S
      Pairs of trajectory segments (after Christiano et al. 2017), labelled by a simulated labeler:
        {"env": ID, "a": {"states": [[v, ...], ...], "actions": [...], "features": {name: x, ...},
         "gold": g}, "b": {...}, "probability": P(a preferred), "label": "a"|"b"}
      One copy of the environment walks under the uniform random policy (seeded by S); a segment
      is its next K steps (default 25 on cartpole, 10 on a grid; 1 to ${MAX_SEGMENT_STEPS}) after 0 to K-1 steps
      skipped, cut short where its episode ends, and a pair is two segments in a row. "states"
      are the state before the first step and the state each step reached (the one that ended the
      episode on its last step), one more than "actions". The features are per-step features f of
      the state reached, summed over the segment: steps (1 a step), and on cartpole abs_x, abs_theta,
      x_sq, theta_sq, x_dot_sq, theta_dot_sq; on a grid goal_distance (Manhattan, walls ignored),
      in_hazard (1 on lava or a hole) and has_key where the layout has a key. "gold" is the sum of
      the environment's default reward over the segment (cartpole: +1 a step; a grid: -1 a step,
      -100 a hazard). The labeler prefers a with probability sigmoid((g_a - g_b)/T); --bias is the
      token task's only. A model fitted on these pairs is a per-step reward: as the rm component
      of train --config on that environment it pays r(f(state reached)) on every step, whose sum
      over a segment is the model's score of the segment.

  reward-playground reward-model fit --pairs FILE [--model linear|mlp] [--ensemble K]
                                     [--holdout FRACTION] [--l2 LAMBDA] [--seed S] [--decorrelate length]
      Fit a reward model r(features) to a JSONL file of labelled pairs (FILE, or - for stdin), as
      preferences writes them (prompt, tokens and probability may be left out), and print
        {"model": {"kind", "featureNames", "members": [...]}, "pairs": {"total", "train",
         "heldOut", "trainGold", "heldOutGold"}, "ensemble": {...}, "members": [{...}, ...],
         "options": {...}}
      where the ensemble and each member give "trainAccuracy" and "heldOutAccuracy" (the fraction
      of pairs with r(preferred) > r(other)), "trainGoldAccuracy" and "heldOutGoldAccuracy" (over
      the pairs whose gold scores differ, the fraction r orders as the gold does; null when there
      are none) and "trainLoss", "heldOutLoss" (the mean -log sigmoid(r(preferred) - r(other))),
      held-out figures null when nothing is held out. The ensemble scores by its members' mean.
      From seed S a FRACTION of the pairs is held out (default 0.2, from 0 to below 1); each of K
      members (default 1, at most ${MAX_ENSEMBLE_MEMBERS}) fits the rest, or with K >= 2 a bootstrap sample of it,
      minimising sum_pairs -log sigmoid(r(x_w) - r(x_l)) + (LAMBDA/2)|weights|^2 (default --l2 1):
        linear  r = w.x, the exact fit of bradley-terry; a member is {"weights": [...]}
                with --decorrelate length (after ODIN): the fit is of w.x + c*length with w
                constrained to Cov(w.x, length) = 0 over the pairs' completions; w (the content
                head) is the reward, c (the length head, "lengthWeight" in the member) is not
        mlp     x standardised by the training pairs' mean and deviation, two tanh layers of 32,
                a linear output; Adam (learning rate 0.01) for 20 epochs of minibatches of 512,
                the loss over the pairs divided by their count; a member is {"inputMean",
                "inputScale", "layers": [{"weights": [inputs][outputs], "bias"}, ...]} and its
                figures add "lossByEpoch"
      Every line is checked; the first bad one is named by its number and what is wrong with it.
      A file holds 1 to ${MAX_PREFERENCE_PAIRS} pairs, lines of at most ${MAX_PAIR_LINE_LENGTH} characters, at most
      ${MAX_PAIRS_FILE_SIZE}; every pair the same 1 to ${MAX_PREFERENCE_FEATURES} feature names, every number finite.

  reward-playground reward-model fit --process --completions N [--env tokenseq] [--params P]
                                     [--holdout FRACTION] [--l2 LAMBDA] [--seed S]
      Fit a process reward model, one score per token, to the gold step labels of the first N
      completions (1 to ${MAX_PROCESS_COMPLETIONS}) the start policy of a GRPO run of seed S (default 1) writes under P
      (key=value,... or JSON, as preferences takes it). A step's label is 1 while a correct answer
      is still reachable from the tokens written so far: the digits so far are the answer's first
      digits (think skipped), end only after the whole answer, and room left for the missing
      digits and end; 0 from the first token that rules it out. The model is linear over the
      step's features one, position (j/L), wrong_digits, ended_short and out_of_room, fitted by
      per-token logistic regression, minimising
        sum_steps -[y log sigmoid(w.x) + (1 - y) log sigmoid(-w.x)] + (LAMBDA/2)|w|^2
      (default --l2 1) with the exact Newton fit of bradley-terry; a FRACTION of the completions,
      whole, is held out (default 0.2). Prints
        {"model": {"kind": "linear", "featureNames", "members", "granularity": "process"},
         "completions": {"total", "train", "heldOut"}, "train": {"steps", "accuracy", "loss",
         "positiveRate"}, "heldOut": {...} or null, "options": {...}}
      accuracy the share of steps with sigmoid(r) > 1/2 exactly where the label is 1, loss the
      mean per-step loss above without the penalty, positiveRate the share of steps labelled 1.
      As a reward-model component it pays log sigmoid(r) on every token (see train).

  reward-playground lessons
      Print every lesson as JSON: its id, title, variants {"index", "label"} and its check
      {"steps", "seeds", "claims": [{"text", "figure", "component"?, "variant", "relation"}]}
      (null while the lesson has no claims written down). A claim's figure is "objective",
      "shapedReturn", "contribution" (of the claim's "component"), "zeroAdvantageFraction",
      "signFlipFraction", "episodeLength", "peakObjective", "objectiveFallFromPeak",
      "goldPeakSqrtKl" (sqrt of the per-answer KL where the objective peaked), or one read from
      best-of-n against the variant's design (see best-of-n): "bestOfNGoldFall",
      "bestOfNProxyRise" or "bestOfNPeakSqrtKl".

  reward-playground best-of-n --config FILE [--n LIST] [--prompts P] [--json]
      Best-of-n against the design's reward, on the token task, without training (Gao, Schulman
      & Hilton 2023): from the config's seed, P prompts (default 256, at most 4096) each get
      max(LIST) completions from the start policy of a GRPO run of that seed (drawn once: best-of-n
      takes each prompt's first n), scored by the config's reward design as train scores a
      completion (the proxy) and judged by the task (the gold, correct). For each n of LIST
      (ascending whole numbers from 1 to 1024, default 1,2,4,...,256) it keeps the completion the
      proxy scores highest, the first drawn among equals, and prints a table of n, the kept
      completions' mean gold and proxy, KL(best-of-n || start policy) = log n - (n - 1)/n and its
      square root; --json prints {"seed", "prompts", "drawsPerPrompt", "points": [{"n", "gold",
      "proxy", "kl", "sqrtKl"}, ...]}. At most 1,048,576 completions (P times the largest n).

  reward-playground lesson check [ID ...] [--seeds K] [--first-seed S] [--jobs N] [--json]
                               [--write [--evidence FILE]]
      Train every variant the named lessons' claims compare (all lessons with claims when none is
      named) for the check's steps on K seeds S, S+1, … (default: the lesson's own K, S = 1),
      print each variant's figures (mean ± std and every seed's value; a figure is the mean of
      the last 20 finished episodes, the zero-advantage fraction of the last 20 iterations;
      contributions are named contribution:<component>) and whether each claim holds, with the
      numbers that decide
      it. A claim holds when its mean margin is at least 0 (above 0 for a comparison of two
      variants), at least twice its standard error (more, for a comparison), and it holds on at
      least K − 1 seeds. --json prints one JSON object per lesson. Runs train N at a time, each
      in a process of its own (default: one per core; --jobs 1 trains in this process, one run
      after another; the figures are the same). Exit 0 when every claim holds, 1 when one does
      not. K is 2 to 50.
      --write records what was measured in src/lessons/evidence.json (the lesson cards show it):
      the date, this machine, each variant's figures and each claim's verdict, also when a claim
      fails. Only the named lessons' entries change. It measures the check as declared, so it
      refuses --first-seed other than 1 and --seeds other than the lesson's own.
      --evidence FILE writes to FILE instead (with --write).

  reward-playground lesson export ID --variant K
      Print variant K of the lesson as a run config, exactly as train --config reads it.

  reward-playground lesson models [--write]
      Fit the reward models the lessons train against from their recipe (src/lessons/
      rewardModelRecipe.ts: preferences of the token task's start policy by a simulated labeler,
      then reward-model fit: plain and with --decorrelate length for a labeler biased to length,
      one model and an ensemble of 5 for the gold-only labels; src/lessons/processModelRecipe.ts:
      the process model), and train the token task's fixed prover (progress.prover fixed) from
      src/core/envs/tokenseqFixedProverRecipe.ts: outcome-only GRPO, seed 1, its exact chance of a
      right answer measured before and after. Without --write print the reward models as JSON and
      say of each stored file whether it is what a fresh fit gives (exit 1 when one is not); with
      --write write src/lessons/rewardModels.json, src/lessons/processRewardModel.json and
      src/core/envs/tokenseqFixedProver.json, which the lessons and the learner read.

  reward-playground monitor check [ID ...] [--seeds K] [--first-seed S] [--jobs N] [--margin F]
                                [--json] [--write]
      Whether the hacking monitors that need no true objective warn before it turns, and how
      often they fire for nothing. Trains every variant of the named lessons (default: coin-loop,
      reward-hacking, length-biased-labeler, over-optimisation, ensemble-caution, dpo-vs-rlhf,
      sparse-vs-shaped) for its lesson's check steps on K seeds S, S+1, … (default K 3, S 1),
      cuts each run into 100 frames and runs every monitor over them: KL growth, entropy
      collapse, length drift, credit dominance, ensemble disagreement, reward-length correlation,
      and the page's proxy-objective alert, which reads the true objective, as the reference. A
      run's gold turned where its 5-frame mean objective fell from its running peak by F (default
      0.25) of the larger of its spread over the run and the peak's size. Per monitor it prints
      hits (fired at or before the turn, with the lead in env steps: median and range), late,
      misses, false alarms (fired where the gold never turned), quiet runs, and runs it cannot
      measure (their frames lack what it reads: no KL to a reference, no entropy). --json prints
      one object: the scores and every run's turn and monitor results. Runs train N at a time as
      lesson check trains them. K is 1 to 50. --write (with the default margin) also records the
      scores in src/lessons/monitorEvidence.json, with the lessons, the seeds, each variant's
      design fingerprint and the monitors' setup fingerprint, and rewrites README.md's monitors
      table (between its <!-- monitors:start --> and <!-- monitors:end --> lines) from it; a
      unit test fails once either no longer matches the lessons, the monitors or each other.

  reward-playground monitor table [--write]
      Print README.md's monitors table as src/lessons/monitorEvidence.json renders it; with
      --write put it between the README's markers. Nothing trains.

  reward-playground sweep --config FILE --axis NAME=v1,v2,... | NAME=lo:hi:N[:log] [--axis ...]
                         --seeds K --steps N --out DIR [--jobs J] [--shard I/N]
  reward-playground sweep --sweep FILE --out DIR [--jobs J] [--shard I/N]
      Train every point of a sweep on K seeds for N environment steps each, as train --steps N
      would, into DIR. An axis is a key of the app's link: w.<component> (a weight),
      l.<field> (a learner field, dotted as estimator.center), p.<parameter> (an environment
      parameter), with a list of values or N points from lo to hi, both included, linear or
      (log, lo > 0) log-spaced, rounded to 12 significant digits. A value the link would refuse
      is refused in the link's words. At most ${MAX_SWEEP_AXES} axes (points: every pair, the first axis
      outermost) and ${MAX_SWEEP_RUNS} runs (points × seeds); a point trains seeds s, s+1, ..., s+K-1, s
      the config's seed. --sweep FILE reads all of it from one definition file
        {"config": a run config as for train, "axes": ["NAME=...", ...], "seeds": K, "steps": N}
      Run r is point floor(r/K) on seed s + (r mod K); --shard I/N trains only the runs with
      r mod N = I (0 <= I < N), so N processes, anywhere, share a sweep. DIR gets sweep.json
      (the definition; a DIR holding another sweep is refused) and runs-I-of-N.jsonl, one line
      per finished run:
        {"run", "point", "axes": {name: value}, "seed", "objective", "shapedReturn",
         "contributions": {name: value}, "zeroAdvantageFraction", "signFlipFraction",
         "episodeLength", "steps", "seconds"}
      (train's recentObjective, recentReturn, recentContributions, recentZeroAdvantageFraction,
      recentSignFlipFraction and recentLength, envSteps and wallSeconds; "paused" holds the diagnosis of a
      run that stopped itself). A run any file in DIR holds is not trained again, so running the
      same command again resumes a stopped sweep; an unfinished last line is no run. Runs train J
      at a time (default: one per core), in J processes (sweep worker, which sweep starts itself)
      that each train one run after another; --jobs 1 trains here. Progress goes to stderr;
      stdout gets one line at the end:
        {"done": true, "runs", "trained", "skipped", "paused", "failed", "out", "file"}
      Exit 1 when a run could not be trained (it is not recorded; a re-run tries it again).

  reward-playground sweep summarize DIR [--json] [--pareto FIG1,FIG2]
      Every point's figures over the runs DIR holds: the mean ± sample standard deviation
      (n - 1; 0 for one run) of objective, shapedReturn, zeroAdvantageFraction, episodeLength
      (steps; tokens on the token task) and contribution:<component>, and the Pareto front of two figures (default objective,shapedReturn):
      the points no other point dominates (is at least as good on both figures and better on one),
      judged by their means. Each figure goes its own way, as the browser's trade-off scatter
      judges it: objective as the environment says (lower is better for MountainCar's steps to
      goal), zeroAdvantageFraction lower, the rest higher; FIG:max or FIG:min overrides that
      (-FIG is FIG:min), as objective,contribution:step:min. --json prints
        {"points": [{"axes": {name: value}, "runs": K,
                     "figures": {name: {"mean", "std", "seeds": [value per run, in seed order]}}}],
         "pareto": [point indices]}
      with every point in index order (mean and std null where no run has the figure); the same
      whether one process or many shards trained the runs.

  reward-playground rollouts advantages --from PATH [--format verl|trl|jsonl]
                     [--weights name=w,...] [--combine sum|decoupled]
                     [--estimator group] [--center C] [--scale S] [--rank] [--preset NAME]
                     [--batch-normalize] [--eps E]
  reward-playground rollouts advantages --from PATH [--format F] --design FILE
  reward-playground rollouts summary --from PATH [the same flags]
  reward-playground rollouts export --from PATH --to trl|verl [the same flags]
      A run's own completions re-scored under another design. PATH is one file or a folder of
      verl's <step>.jsonl files (read by step number: 5 before 10); every record tells its format
      by its keys (--format names it instead):
        verl   verl's rollout dump (trainer.rollout_data_dir), a JSON line per completion
               {"input", "output", "gts", "score", "step", one key per reward extra info}; a
               group is a step's lines of one input, or of one "uid" where the lines have one
        trl    a TRL completions table (log_completions), a JSON array of records or CSV with a
               header: "prompt", "completion", "step", one column per reward function, "advantage"
        jsonl  {"group", "step"?, "text"?, "tokens"?, "rewards": {name: value}}
      Every numeric field but step is a reward component (verl's score too; true/false count
      1/0; TRL's advantage is the run's own, not a component); a text field is not. A component
      that is null (an empty CSV cell) does not apply to that completion: it is left out of its
      sum, and a completion no component applies to is left out of its group. The completions of
      one step with one prompt (or one "group") are a group; a group left with one completion is
      left out (a group baseline needs two); a note on stderr says how many of each, and where.
      A step is one batch (the batch centre and scale, --batch-normalize). --weights (default
      score=1; components not named weigh 0) and --combine (default sum): R_i = sum_k w_k c_ik
      over the components that apply, and as advantages --estimator group with the same flags:
      sum judges R_i in its group, decoupled gives sum_k w_k a^(k), a^(k) judged among the
      completions k applies to. --preset sets the centre, scale and rank:
      ${PRESETS}.
      --design FILE (- for stdin) gives the whole design as JSON instead of those flags:
        {"components": {name: {"weight" (default 1), "transforms": [...]}},
         "estimator": {"center", "scale", "rank", "combine", "batchNormalize", "eps"},
         "aggregation" (the loss's: token-mean, seq-mean-token-mean, ...; export reads it)}
      every part optional (no components: score weighs 1; components not named weigh 0).
      A component's transforms apply in order to its value before it is weighed, a null staying
      null: {"kind": "scale", "factor"} c*factor, {"kind": "clip", "lo", "hi"}, {"kind":
      "bounded", "reference"} 1/(1 + e^-(c - reference)); the others (normalize, par, delay,
      redistribute) need a run's history or an environment and are refused.
      advantages prints one line per completion, in the input's order:
        {"step", "group" (its place among its step's groups, from 0), "index" (its place in
         its group), "reward" R_i, "advantage"}, reward and advantage null where it is left out.
      summary prints one line per step, then one over the whole input ("steps": their count,
      and "leftOut": {"unscoredCompletions", "groupsOfOne"}):
        {"step", "groups", "completions", "silentGroups" (all R_i equal), "zeroAdvantageShare",
         "components": {name: {"mean", "creditShare"}}, "advantageLengthCorrelation",
         "advantageTokenCorrelation" (only where a record gives "tokens")}
      The whole input's line also holds "signChanges": each completion's advantage compared
      with the run's logged one (a TRL table's "advantage"), else with the file's own design
      (score=1 under GRPO's estimator), else null:
        {"versus", "compared", "flips" (one sign to the other), "toZero", "fromZero",
         "steps": [{"step", "compared", "flips", "toZero", "fromZero"}],
         "first": [{"completion", "place", "step", "group", "index", "kind", "before",
                    "after"}] (at most 20; completion counts the input's completions from 0)}
      compared counting the completions with both advantages; exactly 0 is neither sign.
      A component's mean is over the completions it applies to. Its credit share is its part of
      sum_i |A_i|: each |A_i| is split among the components by their stakes d_ik = w_k(c_ik -
      the group's mean of c_k) (the batch's under --center batch; w_k a^(k)_i when decoupled),
      credit_ik = |A_i| |d_ik| / sum_j |d_ij|. The correlation is Pearson's, of A_i with the
      characters of completion i (null under two completions or with no spread); with tokens, of
      A_i with the tokens of the completions whose record gives them.
      A record that cannot be read is one message naming the file, the line and the problem (not
      JSON, a component that is text, two formats in one input, a non-finite number). At most
      ${MAX_ROLLOUT_SIZE} in all, ${MAX_COMPLETIONS.toLocaleString('en-US')} completions, ${MAX_COMPONENTS} components, records of ${MAX_RECORD_SIZE}.
      export prints the design for the trainer that will run it: --to trl a GRPOConfig(...) of
      reward_weights (in the file's order of components), multi_objective_aggregation,
      scale_rewards and loss_type; --to verl the Hydra overrides algorithm.adv_estimator,
      algorithm.norm_adv_by_std_in_grpo and actor_rollout_ref.actor.loss_agg_mode. Each part
      of the design the trainer has no setting for (a transform, a median centre, a weight
      under verl, ...) is a line "note: not exported: ..." on stderr.

  reward-playground --help
      Show this text.

Examples:
  reward-playground trace --env cartpole --state 0,0,0.05,0 --actions 1,1,0
  reward-playground trace --env cliffwalking --state 3,0 --actions 1
  reward-playground trace --env gridworld --params map=cliff --state 2,0 --actions 1,1 --weights progress=1
  echo '{"terms": [{"name": "keep_centred", "expression": "-abs(x)", "weight": 0.5}],
         "shaping": [{"potential": "upright", "gamma": 0.99}]}' \\
    | reward-playground trace --env cartpole --state 0,0,0.05,0 --actions 1,1 --mix - --weights alive=0
  echo '{"env": {"id": "cliffwalking"}, "learner": {"kind": "qlearning"}, "seed": 1}' \\
    | reward-playground train --config - --iterations 50 --every 10
  reward-playground train --config run.json --steps 100000 --every 20 > curve.jsonl
  echo '{"groups": [[1, 1, 2], [0, 3]]}' | reward-playground advantages --estimator group
  echo '{"agents": 2, "values": {"": 0, "0": 1, "1": 2, "0,1": 5}}' | reward-playground credit --method shapley
  echo '{"pairs": [{"a": [1, 0], "b": [0, 1], "preferred": "a"}]}' | reward-playground bradley-terry --l2 0.1
  echo '{"policyChosen": [-1], "policyRejected": [-3], "refChosen": [-2], "refRejected": [-2]}' \\
    | reward-playground dpo-loss --beta 0.1 --loss ipo
  echo '{"logProbs": [[-1, -0.5], [-2]], "oldLogProbs": [[-1.2, -0.5], [-1]], "advantages": [1, -1]}' \\
    | reward-playground loss --policy-loss ppo --clip-high 0.28 --dual-clip 3
  reward-playground preferences --env tokenseq --pairs 10000 --temperature 0.5 --seed 1 --bias length=0.2 > pairs.jsonl
  reward-playground reward-model fit --pairs pairs.jsonl --model mlp --ensemble 3
  reward-playground lesson check coin-loop --seeds 5 --first-seed 101
  reward-playground monitor check coin-loop dpo-vs-rlhf --seeds 3
  reward-playground monitor check --seeds 2 --write
  reward-playground lesson export coin-loop --variant 1 | reward-playground train --config - --steps 20000
  reward-playground sweep --config run.json --axis w.hazard=0:100:5 --seeds 3 --steps 5000 --out sweep-hazard
  reward-playground sweep summarize sweep-hazard --pareto objective,contribution:step:min
  reward-playground rollouts summary --from checkpoints/rollouts --weights score=1,acc=0.5 --preset dr_grpo
  reward-playground rollouts export --from completions.csv --to trl --design design.json

Bad arguments and bad input (on stdin or in a --mix or --config file) exit with code 2 and one
line on stderr that names every problem found. Stdin and input files are read up to
${MAX_INPUT_SIZE}; more is refused. Numbers are printed at full (double) precision.
`
