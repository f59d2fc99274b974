#include <elements/shell_face_pressure.h>

#include <deal.II/base/quadrature_lib.h>

#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    Eigen::Matrix3d
    cross_matrix(const Eigen::Vector3d &v)
    {
      Eigen::Matrix3d m;
      m << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
      return m;
    }

    /** Shape functions and their (ξ, η) derivatives at a point of the reference face. */
    struct FaceShape
    {
      Eigen::VectorXd values;
      Eigen::MatrixXd gradients; ///< N × 2
    };

    FaceShape
    face_shape(const unsigned n_nodes, const dealii::Point<2> &point)
    {
      const double xi = point[0], eta = point[1];
      FaceShape    shape{Eigen::VectorXd(n_nodes), Eigen::MatrixXd(n_nodes, 2)};
      if (n_nodes == 3)
        {
          shape.values << 1.0 - xi - eta, xi, eta;
          shape.gradients << -1.0, -1.0, 1.0, 0.0, 0.0, 1.0;
        }
      else
        {
          // Unit square, nodes at (0,0), (1,0), (1,1), (0,1).
          shape.values << (1.0 - xi) * (1.0 - eta), xi * (1.0 - eta), xi * eta, (1.0 - xi) * eta;
          shape.gradients << -(1.0 - eta), -(1.0 - xi), 1.0 - eta, -xi, eta, xi, -eta, 1.0 - xi;
        }
      return shape;
    }
  } // namespace

  void
  face_pressure_load(const std::vector<Eigen::Vector3d> &positions, const double pressure,
                     Eigen::VectorXd &force, Eigen::MatrixXd *derivative)
  {
    const unsigned n = positions.size();
    if (n != 3 && n != 4)
      throw std::logic_error("face_pressure_load: a shell face has 3 or 4 nodes");
    // One point integrates the triangle's linear integrand, 2 x 2 the quad's biquadratic one.
    const dealii::Quadrature<2> rule = n == 3 ? dealii::Quadrature<2>(dealii::QGaussSimplex<2>(1)) :
                                                dealii::Quadrature<2>(dealii::QGauss<2>(2));
    force                            = Eigen::VectorXd::Zero(3 * n);
    if (derivative != nullptr)
      *derivative = Eigen::MatrixXd::Zero(3 * n, 3 * n);
    for (unsigned q = 0; q < rule.size(); ++q)
      {
        const FaceShape shape = face_shape(n, rule.point(q));
        Eigen::Vector3d x_xi  = Eigen::Vector3d::Zero();
        Eigen::Vector3d x_eta = Eigen::Vector3d::Zero();
        for (unsigned b = 0; b < n; ++b)
          {
            x_xi += shape.gradients(b, 0) * positions[b];
            x_eta += shape.gradients(b, 1) * positions[b];
          }
        const double          weight  = pressure * rule.weight(q);
        const Eigen::Vector3d normal  = x_xi.cross(x_eta);
        const Eigen::Matrix3d skew_xi = cross_matrix(x_xi), skew_eta = cross_matrix(x_eta);
        for (unsigned a = 0; a < n; ++a)
          {
            force.segment<3>(3 * a) += weight * shape.values[a] * normal;
            if (derivative != nullptr)
              for (unsigned b = 0; b < n; ++b)
                derivative->block<3, 3>(3 * a, 3 * b) +=
                  weight * shape.values[a] *
                  (shape.gradients(b, 1) * skew_xi - shape.gradients(b, 0) * skew_eta);
          }
      }
  }
} // namespace corot::elements
