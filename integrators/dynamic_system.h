#pragma once
/**
 * @file
 * What a time integrator sees of a structure (DESIGN.md section 5): never
 * elements, matrices or constraints, only forces, a mass operator and one
 * Newton correction at a time.
 */
#include <Eigen/Dense>
#include <Eigen/SparseCore>

#include <vector>

namespace corot::integrators
{
  /** Which internal force the residual uses. */
  enum class ForceModel
  {
    end_of_step, ///< f_int(d_{n+1}): Newmark, HHT
    conserving   ///< the elements' energy-conserving mid-point force f(d_n, d_{n+1})
  };

  /**
   * A semi-discrete structure M a + f_int(d) = f_ext(t) with DOF vectors
   * indexed by global DOF number (replicated on every MPI rank).
   * Constrained DOFs are held: corrections returned are zero there.
   */
  class DynamicSystem
  {
  public:
    virtual ~DynamicSystem() = default;

    /** Number of DOFs. */
    virtual unsigned
    n_dofs() const = 0;

    /** M x. */
    virtual Eigen::VectorXd
    mass_times(const Eigen::VectorXd &x) const = 0;

    /** External force at time @p time. */
    virtual Eigen::VectorXd
    external_force(double time) const = 0;

    /** Internal force f_int(d) on the free DOFs (zero on constrained ones). */
    virtual Eigen::VectorXd
    internal_force(const Eigen::VectorXd &d) = 0;

    /** Initial acceleration M^{-1} (f_ext(t) - f_int(d)), zero on constrained DOFs. */
    virtual Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, double time) = 0;

    /**
     * One Newton correction delta for the residual
     * g = f(d_n, d_n1) + @p inertia_force - @p external_force, i.e. the solution of
     * (dg/dd_n1 + c M) delta = -g with c = @p mass_coefficient, where f is
     * chosen by @p model. Sets @p residual_ratio to |g| / (force scale).
     */
    virtual Eigen::VectorXd
    newton_correction(ForceModel             model,
                      const Eigen::VectorXd &d_n,
                      const Eigen::VectorXd &d_n1,
                      const Eigen::VectorXd &inertia_force,
                      const Eigen::VectorXd &external_force,
                      double                 mass_coefficient,
                      double                &residual_ratio) = 0;

    /** Strain energy at @p d. */
    virtual double
    strain_energy(const Eigen::VectorXd &d) const = 0;

    /**
     * Writes the values that prescribed motion gives the constrained DOFs at
     * t_{n+1} = @p time_n1 into @p d_n1 (every other entry is left alone).
     * @p d_n holds the values at t_n = @p time_n, from which prescribed
     * velocities are integrated. The default has no prescribed motion.
     */
    virtual void
    impose_prescribed_motion(double /*time_n*/, double /*time_n1*/,
                             const Eigen::VectorXd & /*d_n*/, Eigen::VectorXd & /*d_n1*/) const
    {}

    /** Whether any constrained DOF moves (so reactions can do work). */
    virtual bool
    has_prescribed_motion() const
    {
      return false;
    }

    /**
     * The reactions on the constrained DOFs, f(d_n, d_n1) + @p inertia_force -
     * @p external_force there (zero on free DOFs), with f chosen by @p model
     * as in newton_correction(). With them the scheme's energy balance is
     * closed when constrained DOFs move: reactions x their increments is the
     * work done on the structure by the prescribed motion.
     */
    virtual Eigen::VectorXd
    reactions(ForceModel /*model*/, const Eigen::VectorXd & /*d_n*/,
              const Eigen::VectorXd &d_n1, const Eigen::VectorXd & /*inertia_force*/,
              const Eigen::VectorXd & /*external_force*/)
    {
      return Eigen::VectorXd::Zero(d_n1.size());
    }

    /**
     * The tangent stiffness K = d f_int/d d at @p d, consistent with
     * internal_force(); rows and columns of constrained DOFs are those of the
     * identity. For schemes that couple several stages of a step in one Newton
     * system (TimeFiniteElement with k >= 2).
     */
    virtual Eigen::SparseMatrix<double>
    tangent_stiffness(const Eigen::VectorXd &d) = 0;

    /** The (constant) mass matrix M of mass_times(), rows and columns of constrained DOFs zero. */
    virtual Eigen::SparseMatrix<double>
    mass_matrix() const = 0;

    /** The constrained DOFs (held at their values), in increasing order. */
    virtual std::vector<unsigned>
    constrained_dofs() const = 0;
  };
} // namespace corot::integrators
