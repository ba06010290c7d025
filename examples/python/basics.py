"""footfall from Python: load, step, read the pedestrians, change a parameter, record trajectories.
    PYTHONPATH=build/python python3 examples/python/basics.py"""
import footfall

sim = footfall.load(footfall.scenario_path("intersection"), seed=1)
rec = footfall.Recorder(sim)  # a per-frame callback collecting every frame
sim.step(90)

on = sim.active  # per slot: is a pedestrian there (bool)
print(f"frame {sim.frame} ({sim.time:.1f} s): {on.sum()} pedestrians, signals {sim.signals()}")
print(footfall.agents(sim).head())  # ids, names, positions, headings, states as a DataFrame
print("first positions:", sim.positions[on][:3])  # NumPy (slots, 2) float64, a view of the frame

# Parameters by dotted name (agent.node.param): from the agent's next decision on.
print("north.face.k_theta =", sim.param("north.face.k_theta"))
sim.set_param("north.face.k_theta", 2.0)
sim.step(30)

trajectories = rec.frame()
print(trajectories.groupby("state", observed=True).size())
print(footfall.summary_frame(sim.summary())[["frames", "agents", "arrived", "collisions", "trajectory_hash"]])
