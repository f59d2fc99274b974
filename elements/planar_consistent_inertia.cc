#include <elements/planar_consistent_inertia.h>

#include <unsupported/Eigen/AutoDiff>

#include <array>
#include <cmath>
#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    using Dual = Eigen::AutoDiffScalar<Eigen::Matrix<double, 6, 1>>;

    double
    value_of(const double x)
    {
      return x;
    }

    double
    value_of(const Dual &x)
    {
      return x.value();
    }

    /** sin(x)/x, by its series where the quotient loses digits. */
    template <typename Scalar>
    Scalar
    sinc(const Scalar &x)
    {
      using std::sin;
      if (std::abs(value_of(x)) < 1e-3)
        {
          const Scalar x2 = x * x;
          return Scalar(1.0) - x2 / 6.0 + x2 * x2 / 120.0;
        }
      return Scalar(sin(x) / x);
    }

    template <typename Scalar>
    Scalar
    cross(const Eigen::Matrix<Scalar, 2, 1> &a, const Eigen::Matrix<Scalar, 2, 1> &b)
    {
      return a[0] * b[1] - a[1] * b[0];
    }
  } // namespace

  PlanarConsistentInertia::PlanarConsistentInertia(const Eigen::Vector2d &start,
                                                   const Eigen::Vector2d &end,
                                                   const double           mass_per_length)
    : length_((end - start).norm())
  {
    if (!(length_ > 0.0))
      throw std::invalid_argument("a beam of zero length has no consistent mass");
    reference_tangent_ = (end - start) / length_;
    reference_normal_  = Eigen::Vector2d(-reference_tangent_[1], reference_tangent_[0]);
    hermite_ << 156.0, 22.0, 54.0, -13.0, //
      22.0, 4.0, 13.0, -3.0,              //
      54.0, 13.0, 156.0, -22.0,           //
      -13.0, -3.0, -22.0, 4.0;
    hermite_ *= mass_per_length * length_ / 420.0;
  }

  template <typename Scalar>
  Eigen::Matrix<Scalar, 2, 1>
  PlanarConsistentInertia::tangent_at(const Scalar &th) const
  {
    using std::cos;
    using std::sin;
    const Scalar c = cos(th), s = sin(th);
    return {c * reference_tangent_[0] + s * reference_normal_[0],
            c * reference_tangent_[1] + s * reference_normal_[1]};
  }

  template <typename Scalar>
  Eigen::Matrix<Scalar, 2, 1>
  PlanarConsistentInertia::normal_at(const Scalar &th) const
  {
    // R(th) t0_perp is R(th) t0 turned by a right angle (plane rotations commute).
    const Eigen::Matrix<Scalar, 2, 1> d = tangent_at(th);
    return {-d[1], d[0]};
  }

  template <typename Scalar>
  std::array<Eigen::Matrix<Scalar, 2, 1>, 4>
  PlanarConsistentInertia::rates(const Scalar &th_p, const Scalar &th_q,
                                 const Eigen::Matrix<Scalar, 6, 1> &v) const
  {
    using Vector2 = Eigen::Matrix<Scalar, 2, 1>;
    return {{Vector2(v[0], v[1]), Vector2(normal_at(th_p) * Scalar(length_ * v[2])),
             Vector2(v[3], v[4]), Vector2(normal_at(th_q) * Scalar(length_ * v[5]))}};
  }

  template <typename Scalar>
  std::array<Eigen::Matrix<Scalar, 2, 1>, 4>
  PlanarConsistentInertia::hermite_times(const std::array<Eigen::Matrix<Scalar, 2, 1>, 4> &y) const
  {
    std::array<Eigen::Matrix<Scalar, 2, 1>, 4> result;
    for (unsigned i = 0; i < 4; ++i)
      {
        result[i] = Eigen::Matrix<Scalar, 2, 1>(Scalar(0.0), Scalar(0.0));
        for (unsigned j = 0; j < 4; ++j)
          result[i] += y[j] * hermite_(i, j);
      }
    return result;
  }

  template <typename Scalar>
  Eigen::Matrix<Scalar, 6, 1>
  PlanarConsistentInertia::mass_times(const Scalar &th_p, const Scalar &th_q,
                                      const Eigen::Matrix<Scalar, 6, 1> &v) const
  {
    // J^T C J v with J v = rates() and (J^T w) on th = L n . w.
    const auto                  w = hermite_times(rates(th_p, th_q, v));
    Eigen::Matrix<Scalar, 6, 1> result;
    result << w[0][0], w[0][1], length_ * normal_at(th_p).dot(w[1]), w[2][0], w[2][1],
      length_ * normal_at(th_q).dot(w[3]);
    return result;
  }

  template <typename Scalar>
  Eigen::Matrix<Scalar, 6, 1>
  PlanarConsistentInertia::gyroscopic(const Scalar &th_p, const Scalar &th_q,
                                      const Eigen::Matrix<Scalar, 6, 1> &v) const
  {
    using Vector2     = Eigen::Matrix<Scalar, 2, 1>;
    const Vector2 d_p = tangent_at(th_p), d_q = tangent_at(th_q);
    const Vector2 zero = Vector2(Scalar(0.0), Scalar(0.0));
    // J' v = (0, -L th_p'^2 d_p, 0, -L th_q'^2 d_q) (dn/dth = -d).
    const auto w = hermite_times(rates(th_p, th_q, v));
    const auto z = hermite_times<Scalar>({{zero, Vector2(d_p * Scalar(-length_ * v[2] * v[2])),
                                           zero, Vector2(d_q * Scalar(-length_ * v[5] * v[5]))}});
    // G v = J^T C J' v - J'^T C J v; (J'^T w) on th_p is -L th_p' d_p . w_1.
    Eigen::Matrix<Scalar, 6, 1> result;
    result << z[0][0], z[0][1], length_ * (normal_at(th_p).dot(z[1]) + v[2] * d_p.dot(w[1])),
      z[2][0], z[2][1], length_ * (normal_at(th_q).dot(z[3]) + v[5] * d_q.dot(w[3]));
    return result;
  }

  template <typename Scalar>
  Eigen::Matrix<Scalar, 6, 1>
  PlanarConsistentInertia::force_at(const Vector6 &q_n, const Eigen::Matrix<Scalar, 6, 1> &q_n1,
                                    const Vector6 &v_n, const double dt) const
  {
    using Vector2 = Eigen::Matrix<Scalar, 2, 1>;
    using Vector  = Eigen::Matrix<Scalar, 6, 1>;
    using std::sin;
    const Vector v0    = v_n.cast<Scalar>();
    const Vector delta = q_n1 - q_n.cast<Scalar>();
    const Vector v_m   = delta / dt;
    const Vector v1    = 2.0 * v_m - v0;
    const Scalar th_p0(q_n[2]), th_q0(q_n[5]);
    const Scalar th_pm = th_p0 + 0.5 * delta[2], th_qm = th_q0 + 0.5 * delta[5];

    // Mbar (v1 - v0)/dt.
    const Vector change = (v1 - v0) / dt;
    Vector       result = 0.5 * (mass_times(th_p0, th_q0, change) +
                           mass_times(Scalar(q_n1[2]), Scalar(q_n1[5]), change));

    // gbar: g = a_p . n(th_p) + a_q . n(th_q) + b cos(th_p - th_q) + const, with
    // (n(th1) - n(th0))/(th1 - th0) = -sinc(dth/2) d(th_m) and
    // (cos psi1 - cos psi0)/(psi1 - psi0) = -sinc(dpsi/2) sin(psi_m).
    const Eigen::Matrix4d &c = hermite_;
    Vector2                a_p(Scalar(0.0), Scalar(0.0)), a_q(Scalar(0.0), Scalar(0.0));
    Scalar                 b(0.0);
    for (const Vector *v : {&v0, &v1})
      {
        const Vector2 u_p((*v)[0], (*v)[1]), u_q((*v)[3], (*v)[4]);
        a_p += (u_p * c(0, 1) + u_q * c(2, 1)) * (0.5 * length_ * (*v)[2]);
        a_q += (u_p * c(0, 3) + u_q * c(2, 3)) * (0.5 * length_ * (*v)[5]);
        b += 0.5 * c(1, 3) * length_ * length_ * (*v)[2] * (*v)[5];
      }
    const Scalar psi_change   = delta[2] - delta[5];
    const Scalar cosine_slope = -sinc(Scalar(0.5 * psi_change)) * sin(Scalar(th_pm - th_qm));
    result[2] += -sinc(Scalar(0.5 * delta[2])) * a_p.dot(tangent_at(th_pm)) + b * cosine_slope;
    result[5] += -sinc(Scalar(0.5 * delta[5])) * a_q.dot(tangent_at(th_qm)) - b * cosine_slope;

    // G(q_m, v_m) v_m: no work, v_m . G v_m = 0.
    result += gyroscopic(th_pm, th_qm, v_m);
    return result;
  }

  PlanarConsistentInertia::Matrix6
  PlanarConsistentInertia::mass_matrix(const Vector6 &q) const
  {
    Matrix6 result;
    for (unsigned k = 0; k < 6; ++k)
      result.col(k) = mass_times(q[2], q[5], Vector6(Vector6::Unit(k)));
    return result;
  }

  double
  PlanarConsistentInertia::kinetic_energy(const Vector6 &q, const Vector6 &v) const
  {
    return 0.5 * v.dot(mass_times(q[2], q[5], v));
  }

  double
  PlanarConsistentInertia::angular_momentum(const Vector6 &q, const Vector6 &v) const
  {
    // int rho A r x r' = sum_ij C_ij y_i x y'_j (r = sum_i H_i y_i).
    const Eigen::Vector2d y[4]   = {q.segment<2>(0), length_ * tangent_at(q[2]), q.segment<2>(3),
                                    length_ * tangent_at(q[5])};
    const auto            rate   = rates(q[2], q[5], Vector6(v));
    double                result = 0.0;
    for (unsigned i = 0; i < 4; ++i)
      for (unsigned j = 0; j < 4; ++j)
        result += hermite_(i, j) * cross(y[i], rate[j]);
    return result;
  }

  void
  PlanarConsistentInertia::midpoint_force(const Vector6 &q_n, const Vector6 &q_n1,
                                          const Vector6 &v_n, const double dt, Vector6 &force,
                                          Matrix6 *tangent) const
  {
    if (!(dt > 0.0))
      throw std::invalid_argument("the mid-point inertia force needs a positive time step");
    if (tangent == nullptr)
      {
        force = force_at<double>(q_n, q_n1, v_n, dt);
        return;
      }
    Eigen::Matrix<Dual, 6, 1> q;
    for (unsigned k = 0; k < 6; ++k)
      q[k] = Dual(q_n1[k], 6, k);
    const Eigen::Matrix<Dual, 6, 1> f = force_at<Dual>(q_n, q, v_n, dt);
    for (unsigned i = 0; i < 6; ++i)
      {
        force[i]        = f[i].value();
        tangent->row(i) = f[i].derivatives().transpose();
      }
  }
} // namespace corot::elements
