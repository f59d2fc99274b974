#include <integrators/end_of_step_inertia.h>

namespace corot::integrators
{
  InertiaForce
  end_of_step_inertia_force(const DynamicSystem &system, const Eigen::VectorXd &d_n1,
                            const Eigen::VectorXd &v_n1, const Eigen::VectorXd &a_n1,
                            const double weight, const double acceleration_coefficient,
                            const double velocity_coefficient)
  {
    InertiaForce result{system.mass_times(weight * a_n1), {}};
    const auto   nodes = system.rotating_nodes();
    if (nodes.empty())
      return result;
    const RotatingNodeTerms moments =
      system.rotating_inertia_force(d_n1, v_n1, a_n1, acceleration_coefficient,
                                    velocity_coefficient);
    for (std::size_t i = 0; i < nodes.size(); ++i)
      {
        const Eigen::Vector3d f = weight * moments.values[i];
        for (unsigned k = 0; k < 3; ++k)
          result.force[nodes[i][k]] = f[k];
        result.rotating_tangents.push_back(weight * moments.tangents[i]);
      }
    return result;
  }

  void
  add_damping_force(DynamicSystem &system, const Eigen::VectorXd &d, const Eigen::VectorXd &v,
                    const double weight, const double velocity_coefficient, InertiaForce &inertia)
  {
    if (!system.has_damping())
      return;
    inertia.force += weight * system.damping_force(d, v);
    inertia.damping_coefficient += weight * velocity_coefficient;
  }

  double
  trapezoidal_reaction_work(Eigen::VectorXd &previous, const Eigen::VectorXd &reaction,
                            const Eigen::VectorXd &increment)
  {
    if (previous.size() != reaction.size())
      previous = Eigen::VectorXd::Zero(reaction.size());
    const double work = 0.5 * (previous + reaction).dot(increment);
    previous          = reaction;
    return work;
  }

  double
  trapezoidal_dissipation(DynamicSystem &system, const Eigen::VectorXd &damping_n,
                          const Eigen::VectorXd &d_n1, const Eigen::VectorXd &v_n1,
                          const Eigen::VectorXd &increment)
  {
    if (!system.has_damping())
      return 0.0;
    return 0.5 * (damping_n + system.damping_force(d_n1, v_n1)).dot(increment);
  }

  Eigen::VectorXd
  with_follower_force(const DynamicSystem &system, const Eigen::VectorXd &applied,
                      const Eigen::VectorXd &d, const double time)
  {
    const Eigen::VectorXd follower = system.follower_force_at(d, time);
    return follower.size() == 0 ? applied : Eigen::VectorXd(applied + follower);
  }

  std::string
  carried_nodes_limitation(const DynamicSystem &system, const std::string &scheme)
  {
    if (!system.has_carried_nodes())
      return {};
    return "INTEGRATOR=" + scheme +
           " does not handle *MPC, *RIGID BODY and connectors (CONN3D2) yet: use MIDPOINT "
           "(energy-conserving) or NEWMARK";
  }

} // namespace corot::integrators
