# expect: [assignment]  (the rewards are float32 arrays: the dtype is part of the type)
import numpy as np
import numpy.typing as npt

from ryg.envs import SelfPlayVectorEnv

env = SelfPlayVectorEnv(2, size=6)
env.reset(seed=0)
rewards: npt.NDArray[np.int8] = env.step(env.random_actions())[1]
