# expect: [attr-defined]  (aec_env() returns ryg.types.AECGame, not Any)
from ryg.envs import aec_env

env = aec_env(size=6)
env.reset(seed=0)
env.stepp(0)
