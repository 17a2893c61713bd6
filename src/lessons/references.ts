import type { Reference } from './types'

/** The sources the lessons cite, with stable links (arXiv abstract pages, DOIs, the book's own site). */
export const REFS = {
  gunjal2025: {
    title: 'Gunjal et al. (2025), Rubrics as Rewards: Reinforcement Learning Beyond Verifiable Domains',
    url: 'https://arxiv.org/abs/2507.17746',
  },
  zheng2023: {
    title: 'Zheng et al. (2023), Judging LLM-as-a-Judge with MT-Bench and Chatbot Arena, NeurIPS Datasets and Benchmarks',
    url: 'https://arxiv.org/abs/2306.05685',
  },
  ngHaradaRussell1999: {
    title: 'Ng, Harada & Russell (1999), Policy invariance under reward transformations: theory and application to reward shaping, ICML',
    url: 'https://dl.acm.org/doi/10.5555/645528.657613',
  },
  suttonBarto2018: {
    title: 'Sutton & Barto (2018), Reinforcement Learning: An Introduction, 2nd ed.',
    url: 'http://incompleteideas.net/book/the-book-2nd.html',
  },
  rudder2019: {
    title: 'Arjona-Medina et al. (2019), RUDDER: Return Decomposition for Delayed Rewards, NeurIPS',
    url: 'https://arxiv.org/abs/1806.07857',
  },
  gae2016: {
    title: 'Schulman et al. (2016), High-Dimensional Continuous Control Using Generalized Advantage Estimation, ICLR',
    url: 'https://arxiv.org/abs/1506.02438',
  },
  strehlLittman2008: {
    title: 'Strehl & Littman (2008), An analysis of model-based Interval Estimation for Markov Decision Processes, JCSS 74(8)',
    url: 'https://doi.org/10.1016/j.jcss.2007.08.009',
  },
  rnd2019: {
    title: 'Burda, Edwards, Storkey & Klimov (2019), Exploration by Random Network Distillation, ICLR',
    url: 'https://arxiv.org/abs/1810.12894',
  },
  henaff2023: {
    title: 'Henaff, Jiang & Raileanu (2023), A Study of Global and Episodic Bonuses for Exploration in Contextual MDPs, ICML',
    url: 'https://arxiv.org/abs/2306.03236',
  },
  deepseekMath2024: {
    title: 'Shao et al. (2024), DeepSeekMath: Pushing the Limits of Mathematical Reasoning in Open Language Models (GRPO)',
    url: 'https://arxiv.org/abs/2402.03300',
  },
  wang2025: {
    title: 'Wang et al. (2025), Beyond the 80/20 Rule: High-Entropy Minority Tokens Drive Effective Reinforcement Learning for LLM Reasoning',
    url: 'https://arxiv.org/abs/2506.01939',
  },
  reinforcePlusPlus2025: {
    title: 'Hu (2025), REINFORCE++: A Simple and Efficient Approach for Aligning Large Language Models',
    url: 'https://arxiv.org/abs/2501.03262',
  },
  dapo2025: {
    title: 'Yu et al. (2025), DAPO: An Open-Source LLM Reinforcement Learning System at Scale',
    url: 'https://arxiv.org/abs/2503.14476',
  },
  ring1t2025: {
    title: 'Ling Team (2025), Every Step Evolves: Scaling Reinforcement Learning for Trillion-Scale Thinking Model (IcePop)',
    url: 'https://arxiv.org/abs/2510.18855',
  },
  mcGrpo2026: {
    title: 'Kim (2026), MC-GRPO: Median-Centered Group Relative Policy Optimization for Small-Rollout Reinforcement Learning',
    url: 'https://arxiv.org/abs/2601.22582',
  },
  ttrl2025: {
    title: 'Zuo et al. (2025), TTRL: Test-Time Reinforcement Learning',
    url: 'https://arxiv.org/abs/2504.16084',
  },
  selfRewarding2024: {
    title: 'Yuan et al. (2024), Self-Rewarding Language Models, ICML',
    url: 'https://arxiv.org/abs/2401.10020',
  },
  coReward2025: {
    title: 'Zhang et al. (2025), Co-Reward: Self-supervised Reinforcement Learning for Large Language Model Reasoning via Contrastive Agreement',
    url: 'https://arxiv.org/abs/2508.00410',
  },
  gdpo2026: {
    title: 'Liu et al. (2026), GDPO: Group reward-Decoupled Normalization Policy Optimization for Multi-reward RL Optimization',
    url: 'https://arxiv.org/abs/2601.05242',
  },
  odin2024: {
    title: 'Chen, Zhu, Soselia, Chen, Zhou, Goldstein, Huang, Shoeybi & Catanzaro (2024), ODIN: Disentangled Reward Mitigates Hacking in RLHF, ICML',
    url: 'https://arxiv.org/abs/2402.07319',
  },
  singhal2023: {
    title: 'Singhal, Goyal, Xu & Durrett (2023), A Long Way to Go: Investigating Length Correlations in RLHF',
    url: 'https://arxiv.org/abs/2310.03716',
  },
  gao2023: {
    title: 'Gao, Schulman & Hilton (2023), Scaling Laws for Reward Model Overoptimization, ICML',
    url: 'https://arxiv.org/abs/2210.10760',
  },
  fu2025: {
    title: 'Fu et al. (2025), Reward Shaping to Mitigate Reward Hacking in RLHF (preference as reward)',
    url: 'https://arxiv.org/abs/2502.18770',
  },
  wolpertTumer: {
    title: 'Wolpert & Tumer (2001), Optimal payoff functions for members of collectives, Advances in Complex Systems 4(2–3)',
    url: 'https://doi.org/10.1142/S0219525901000188',
  },
  shapley1953: {
    title: 'Shapley (1953), A value for n-person games, Contributions to the Theory of Games II',
    url: 'https://doi.org/10.1515/9781400881970-018',
  },
  rafailov2023: {
    title: 'Rafailov, Sharma, Mitchell, Ermon, Manning & Finn (2023), Direct Preference Optimization: Your Language Model is Secretly a Reward Model, NeurIPS',
    url: 'https://arxiv.org/abs/2305.18290',
  },
  park2024: {
    title: 'Park, Rafailov, Ermon & Finn (2024), Disentangling Length from Quality in Direct Preference Optimization',
    url: 'https://arxiv.org/abs/2403.19159',
  },
  lightman2023: {
    title: 'Lightman, Kosaraju, Burda, Edwards, Baker, Lee, Leike, Schulman, Sutskever & Cobbe (2023), Let’s Verify Step by Step',
    url: 'https://arxiv.org/abs/2305.20050',
  },
  setlur2024: {
    title: 'Setlur, Nagpal, Fisch, Geng, Eisenstein, Agarwal, Agarwal, Berant & Kumar (2024), Rewarding Progress: Scaling Automated Process Verifiers for LLM Reasoning',
    url: 'https://arxiv.org/abs/2410.08146',
  },
  gaoJ2024: {
    title: 'Gao, Xu, Ye, Liu, He, Fu, Mei, Wang & Wu (2024), On Designing Effective RL Reward at Training Time for LLM Reasoning',
    url: 'https://arxiv.org/abs/2410.15115',
  },
  cheng2025: {
    title: 'Cheng, Xiong, Qiao, Li, Guo, Wang, Lv & Wang (2025), Stop Summation: Min-Form Credit Assignment Is All Process Reward Model Needs for Reasoning (PURE)',
    url: 'https://arxiv.org/abs/2504.15275',
  },
  coste2024: {
    title: 'Coste, Anwar, Kirk & Krueger (2024), Reward Model Ensembles Help Mitigate Overoptimization, ICLR',
    url: 'https://arxiv.org/abs/2310.02743',
  },
  eisenstein2024: {
    title: 'Eisenstein et al. (2024), Helping or Herding? Reward Model Ensembles Mitigate but do not Eliminate Reward Hacking, COLM',
    url: 'https://arxiv.org/abs/2312.09244',
  },
  stiennon2020: {
    title: 'Stiennon, Ouyang, Wu, Ziegler, Lowe, Voss, Radford, Amodei & Christiano (2020), Learning to Summarize from Human Feedback, NeurIPS',
    url: 'https://arxiv.org/abs/2009.01325',
  },
  beirami2024: {
    title: 'Beirami, Agarwal, Berant, D’Amour, Eisenstein, Nagpal & Suresh (2024), Theoretical Guarantees on the Best-of-n Alignment Policy',
    url: 'https://arxiv.org/abs/2401.01879',
  },
  skalse2022: {
    title: 'Skalse, Howe, Krasheninnikov & Krueger (2022), Defining and Characterizing Reward Hacking, NeurIPS',
    url: 'https://arxiv.org/abs/2209.13085',
  },
} satisfies Record<string, Reference>
