#include <src/assembly/rayleigh_damping.h>

#include <algorithm>

namespace corot::assembly
{
  namespace
  {
    /**
     * An orthonormal basis of the rigid-body velocity fields of an element
     * with @p kinds per node at @p positions: columns the translations and
     * spins that the element's DOFs can express.
     */
    Eigen::MatrixXd
    rigid_body_basis(const std::vector<core::DofKind>   &kinds,
                     const std::vector<Eigen::Vector3d> &positions)
    {
      const unsigned  n_nodes = positions.size(), n_kinds = kinds.size();
      Eigen::Vector3d centre = Eigen::Vector3d::Zero();
      for (const auto &x : positions)
        centre += x / n_nodes;
      double size = 0.0;
      for (const auto &x : positions)
        size = std::max(size, (x - centre).norm());
      if (size == 0.0)
        size = 1.0;
      Eigen::MatrixXd modes = Eigen::MatrixXd::Zero(n_nodes * n_kinds, 6);
      for (unsigned a = 0; a < n_nodes; ++a)
        for (unsigned k = 0; k < n_kinds; ++k)
          {
            const unsigned row   = a * n_kinds + k;
            const unsigned index = core::index(kinds[k]) % 3;
            if (core::is_rotation(kinds[k]))
              modes(row, 3 + index) = 1.0; // a unit spin about axis `index`
            else
              {
                modes(row, index) = 1.0;
                for (unsigned axis = 0; axis < 3; ++axis)
                  modes(row, 3 + axis) =
                    Eigen::Vector3d::Unit(axis).cross(positions[a] - centre)[index];
              }
          }
      // Spin columns [e x (x_a - x_c); e] divided by the element's size, so
      // all columns are O(1) for the rank decision; scaling a column keeps
      // the span, which is that of the rigid motions (rank 3 in the plane).
      modes.rightCols(3) /= size;
      Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(modes);
      qr.setThreshold(1e-10);
      const Eigen::MatrixXd q = qr.householderQ();
      return q.leftCols(qr.rank());
    }
  } // namespace

  Eigen::MatrixXd
  rayleigh_damping_matrix(const elements::Element &element, const double alpha, const double beta,
                          const Eigen::Matrix3d              &rotation,
                          const std::vector<Eigen::Vector3d> &current_positions)
  {
    const unsigned  n       = element.n_dofs();
    Eigen::MatrixXd damping = Eigen::MatrixXd::Zero(n, n);
    if (alpha != 0.0)
      {
        Eigen::MatrixXd mass;
        element.mass(elements::MassKind::lumped, mass);
        damping += alpha * mass;
      }
    if (beta == 0.0)
      return damping;
    Eigen::MatrixXd stiffness;
    element.linear_stiffness(stiffness);
    const auto      kinds = element.dof_kinds();
    Eigen::MatrixXd turn  = Eigen::MatrixXd::Zero(n, n);
    for (unsigned a = 0; a < element.nodes().size(); ++a)
      for (unsigned k = 0; k < kinds.size(); ++k)
        for (unsigned l = 0; l < kinds.size(); ++l)
          if (core::is_rotation(kinds[k]) == core::is_rotation(kinds[l]))
            turn(a * kinds.size() + k, a * kinds.size() + l) =
              rotation(core::index(kinds[k]) % 3, core::index(kinds[l]) % 3);
    const Eigen::MatrixXd basis      = rigid_body_basis(kinds, current_positions);
    const Eigen::MatrixXd projection = Eigen::MatrixXd::Identity(n, n) - basis * basis.transpose();
    const Eigen::MatrixXd turned     = turn * stiffness * turn.transpose();
    damping += beta * projection * (0.5 * (turned + turned.transpose())) * projection;
    return damping;
  }
} // namespace corot::assembly
