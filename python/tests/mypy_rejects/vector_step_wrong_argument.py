# expect: [arg-type]  (VectorEnv.step takes an int array or a list of ints)
from ryg.envs import VectorEnv

env = VectorEnv(2, size=6)
env.step("e1f2")
