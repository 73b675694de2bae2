# expect: [attr-defined]  (FoxHoundsEnv is a typed gymnasium.Env, not a subclass of Any)
from ryg.envs import FoxHoundsEnv

env = FoxHoundsEnv(size=6)
env.action_spaec
