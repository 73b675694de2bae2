# expect: [arg-type]  (SelfPlayVectorEnv.step takes an int array or a list of ints)
from ryg.envs import SelfPlayVectorEnv

env = SelfPlayVectorEnv(2, size=6)
env.step(1.5)
