#include <elements/corotational_frame_3d.h>

#include <cmath>
#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    using Matrix3x12 = CorotationalFrame3D::Matrix3x12;

    Eigen::Matrix3d
    skew(const Eigen::Vector3d &v)
    {
      Eigen::Matrix3d s;
      s << 0.0, -v[2], v[1], v[2], 0.0, -v[0], -v[1], v[0], 0.0;
      return s;
    }

    /** D: delta (x2 - x1) = D delta d_g. */
    Matrix3x12
    chord_selector()
    {
      Matrix3x12 d        = Matrix3x12::Zero();
      d.block<3, 3>(0, 0) = -Eigen::Matrix3d::Identity();
      d.block<3, 3>(0, 6) = Eigen::Matrix3d::Identity();
      return d;
    }

    /** E_i: delta w_i = E_i delta d_g (spatial rotation increment of node i). */
    Matrix3x12
    spin_selector(const int node)
    {
      Matrix3x12 e                   = Matrix3x12::Zero();
      e.block<3, 3>(0, 6 * node + 3) = Eigen::Matrix3d::Identity();
      return e;
    }

    /** eta(t) = (1 - (t/2) cot(t/2))/t^2 and mu(t) = eta'(t)/t, series below t = 0.05. */
    void
    eta_and_mu(const double t, double &eta, double &mu)
    {
      const double t2 = t * t;
      if (t < 0.05)
        {
          eta = 1.0 / 12.0 + t2 / 720.0 + t2 * t2 / 30240.0;
          mu  = 1.0 / 360.0 + t2 / 7560.0 + t2 * t2 / 201600.0;
          return;
        }
      const double half = 0.5 * t, s = std::sin(half);
      eta = (1.0 - half * std::cos(half) / s) / t2;
      mu  = (t2 / (s * s) + 2.0 * t * std::cos(half) / s - 8.0) / (4.0 * t2 * t2);
    }
  } // namespace

  CorotationalFrame3D::CorotationalFrame3D(const Eigen::Vector3d &x1, const Eigen::Vector3d &x2,
                                           const Eigen::Matrix3d &reference_axes)
    : reference_x1_(x1)
    , reference_x2_(x2)
    , reference_axes_(reference_axes)
    , reference_length_((x2 - x1).norm())
  {}

  Eigen::Vector3d
  CorotationalFrame3D::log_map(const Eigen::Matrix3d &rotation)
  {
    // Eigen's quaternion extraction (Shepperd's method) is robust near pi; the
    // axis-angle of the positive-w quaternion gives |theta| <= pi.
    Eigen::Quaterniond q(rotation);
    if (q.w() < 0.0)
      q.coeffs() *= -1.0;
    const double sin_half = q.vec().norm();
    if (sin_half < 1e-300)
      return Eigen::Vector3d::Zero();
    const double angle = 2.0 * std::atan2(sin_half, q.w());
    return (angle / sin_half) * q.vec();
  }

  Eigen::Matrix3d
  CorotationalFrame3D::inverse_tangent_operator(const Eigen::Vector3d &theta)
  {
    double eta, mu;
    eta_and_mu(theta.norm(), eta, mu);
    const Eigen::Matrix3d s = skew(theta);
    return Eigen::Matrix3d::Identity() - 0.5 * s + eta * s * s;
  }

  Eigen::Matrix3d
  CorotationalFrame3D::inverse_tangent_derivative(const Eigen::Vector3d &theta,
                                                  const Eigen::Vector3d &m)
  {
    const double t = theta.norm();
    double       eta, mu;
    eta_and_mu(t, eta, mu);
    const double tm = theta.dot(m);
    return -0.5 * skew(m) +
           eta * (tm * Eigen::Matrix3d::Identity() + theta * m.transpose() -
                  2.0 * m * theta.transpose()) +
           mu * (tm * theta - t * t * m) * theta.transpose();
  }

  CorotationalFrame3D::State
  CorotationalFrame3D::evaluate(const ElementKinematics &state) const
  {
    State                 frame;
    const Eigen::Vector3d chord =
      reference_x2_ + state[1].displacement - reference_x1_ - state[0].displacement;
    frame.length = chord.norm();
    if (!(frame.length > 0.0))
      throw std::runtime_error(
        "co-rotational beam: the two nodes coincide in the current configuration");
    std::array<Eigen::Matrix3d, 2> triads;
    for (int i = 0; i < 2; ++i)
      {
        triads[i]         = state[i].rotation.normalized().toRotationMatrix() * reference_axes_;
        frame.triad_e2[i] = triads[i].col(1);
        frame.triad_e3[i] = triads[i].col(2);
      }
    // Rigid rotation: r1 along the chord (Battini & Pacoste 2002), and the
    // axes r2, r3 = r1 x r2 normal to it that best fit both mean section axes
    // q2 = (T1 + T2) e_2/2 and q3 = (T1 + T2) e_3/2: r2 maximises
    // r2 . q2 + r3 . q3 = r2 . (q2 + q3 x r1), so r2 is the part of
    // q = q2 + q3 x r1 normal to r1. Turning both triads by an angle about
    // their first axis turns (r2, r3) by the same angle, which keeps a
    // section with I11 = I22 isotropic (Battini & Pacoste use q2 alone).
    const Eigen::Vector3d r1 = chord / frame.length;
    const Eigen::Vector3d q2 = 0.5 * (frame.triad_e2[0] + frame.triad_e2[1]);
    const Eigen::Vector3d q3 = 0.5 * (frame.triad_e3[0] + frame.triad_e3[1]);
    const Eigen::Vector3d q  = q2 + q3.cross(r1);
    Eigen::Vector3d       r3 = r1.cross(q);
    if (r3.norm() < 1e-8 * (q2.norm() + q3.norm()) || !(q2.norm() + q3.norm() > 0.0))
      throw std::runtime_error(
        "co-rotational beam: the mean section axes give no twist of the frame "
        "(local rotations of 180 degrees within one element)");
    r3.normalize();
    const Eigen::Vector3d r2 = r3.cross(r1);
    frame.rotation.col(0)    = r1;
    frame.rotation.col(1)    = r2;
    frame.rotation.col(2)    = r3;

    frame.deformation[0] = frame.length - reference_length_;
    for (int i = 0; i < 2; ++i)
      {
        frame.local_rotation[i]                 = log_map(frame.rotation.transpose() * triads[i]);
        frame.deformation.segment<3>(1 + 3 * i) = frame.local_rotation[i];
      }

    // Spin of the rigid frame, delta w_r = W_r delta d_g, by components:
    //   r3 . delta w_r =  r2 . delta r1,   r2 . delta w_r = -r3 . delta r1,
    //   r1 . delta w_r =  r3 . delta r2 = (r3 . delta q - (q.r1) r3 . delta r1)/c,
    // with delta r1 = (I - r1 r1^T) D delta d_g / l and c = q.r2 = q2.r2 + q3.r3.
    // By delta q = delta q2 + delta q3 x r1 + q3 x delta r1 and
    // delta q2 = sum_i delta w_i x q2_i / 2 (likewise q3, q2_i = T_i e_2):
    //   c r1 . delta w_r = sum_i (q2_i x r3 - q3_i x r2) . delta w_i / 2
    //                      + ((q3.r1) r2 - (q2.r1) r3) . delta r1.
    const Matrix3x12             d = chord_selector();
    const double                 l = frame.length, c = q2.dot(r2) + q3.dot(r3);
    Eigen::Matrix<double, 1, 12> twist = (q3.dot(r1) * r2 - q2.dot(r1) * r3).transpose() * d / l;
    for (int i = 0; i < 2; ++i)
      twist += 0.5 * (frame.triad_e2[i].cross(r3) - frame.triad_e3[i].cross(r2)).transpose() *
               spin_selector(i);
    twist /= c;
    frame.frame_spin = r1 * twist + (r3 * r2.transpose() - r2 * r3.transpose()) * d / l;

    // B: delta u = r1 . D delta d_g; delta theta_i = T_s^{-1}(theta_i) Rr^T (delta w_i - delta w_r).
    frame.b.row(0) = r1.transpose() * d;
    for (int i = 0; i < 2; ++i)
      frame.b.block<3, 12>(1 + 3 * i, 0) = inverse_tangent_operator(frame.local_rotation[i]) *
                                           frame.rotation.transpose() *
                                           (spin_selector(i) - frame.frame_spin);
    return frame;
  }

  Eigen::Matrix<double, 12, 1>
  CorotationalFrame3D::global_force(const State &frame, const Vector7 &local_force)
  {
    return frame.b.transpose() * local_force;
  }

  CorotationalFrame3D::Matrix12
  CorotationalFrame3D::geometric_tangent(const State &frame, const Vector7 &local_force)
  {
    // f_g = N D^T r1 + sum_i (E_i - W_r)^T V_i with V_i = Rr T_s^{-T}(theta_i) m_i.
    // Its variation at fixed f_l has three parts: K1 from delta r1, K2 from
    // delta V_i, K3 from delta W_r (the second variation of the frame).
    const Matrix3x12       d  = chord_selector();
    const Matrix3x12      &wr = frame.frame_spin;
    const Eigen::Matrix3d &rr = frame.rotation;
    const Eigen::Vector3d  r1 = rr.col(0), r2 = rr.col(1), r3 = rr.col(2);
    const double           l   = frame.length;
    const double           n   = local_force[0];
    const Eigen::Matrix3d  p   = Eigen::Matrix3d::Identity() - r1 * r1.transpose();
    const Matrix3x12       dr1 = p * d / l; // delta r1

    // K1 = N D^T delta r1.
    Matrix12 k = n * d.transpose() * dr1;

    // K2 = sum_i (E_i - W_r)^T (delta w_r x V_i + Rr H_i delta theta_i).
    Eigen::Vector3d v = Eigen::Vector3d::Zero();
    for (int i = 0; i < 2; ++i)
      {
        const Eigen::Vector3d  m_i = local_force.segment<3>(1 + 3 * i);
        const Eigen::Vector3d &th  = frame.local_rotation[i];
        const Eigen::Vector3d  v_i = rr * (inverse_tangent_operator(th).transpose() * m_i);
        v += v_i;
        const Matrix3x12 dv_i = -skew(v_i) * wr + rr * inverse_tangent_derivative(th, m_i) *
                                                    frame.b.block<3, 12>(1 + 3 * i, 0);
        k += (spin_selector(i) - wr).transpose() * dv_i;
      }

    // K3 = -d(W_r^T V)/d d_g at fixed V, from
    //   V . W_r a = (V . r1) tau(a) + (V x r1) . D a / l,
    //   tau(a) = [sum_i (q2_i x r3 - q3_i x r2) . E_i a / 2 + g . D a / l]/c,
    //   g = s3 r2 - s2 r3, s2 = q2 . r1, s3 = q3 . r1, c = q2 . r2 + q3 . r3
    // (evaluate(); tau = r1^T W_r).
    const std::array<Eigen::Vector3d, 2> &e2 = frame.triad_e2, &e3 = frame.triad_e3;
    const Eigen::Vector3d                 q2 = 0.5 * (e2[0] + e2[1]), q3 = 0.5 * (e3[0] + e3[1]);
    const double s2 = q2.dot(r1), s3 = q3.dot(r1), c = q2.dot(r2) + q3.dot(r3), vr1 = v.dot(r1);
    const Eigen::Vector3d g = s3 * r2 - s2 * r3;
    const Matrix3x12 dq2 = -0.5 * (skew(e2[0]) * spin_selector(0) + skew(e2[1]) * spin_selector(1));
    const Matrix3x12 dq3 = -0.5 * (skew(e3[0]) * spin_selector(0) + skew(e3[1]) * spin_selector(1));
    const Matrix3x12 dr2 = -skew(r2) * wr, dr3 = -skew(r3) * wr;
    const Eigen::Matrix<double, 1, 12> dl  = r1.transpose() * d;
    const Eigen::Matrix<double, 1, 12> ds2 = r1.transpose() * dq2 + q2.transpose() * dr1;
    const Eigen::Matrix<double, 1, 12> ds3 = r1.transpose() * dq3 + q3.transpose() * dr1;
    const Eigen::Matrix<double, 1, 12> dc =
      r2.transpose() * dq2 + q2.transpose() * dr2 + r3.transpose() * dq3 + q3.transpose() * dr3;
    const Eigen::Matrix<double, 1, 12> tau = r1.transpose() * wr;

    // Bilinear form (rows: test direction a, columns: variation).
    Matrix12 second =
      d.transpose() * (skew(v) * dr1 - v.cross(r1) * dl / l) / l; // delta[(V x r1)/l] . D a
    second += tau.transpose() * (v.transpose() * dr1);            // delta(V . r1) tau(a)
    Matrix12 dnum = Matrix12::Zero();                             // delta of c tau(a)
    for (int i = 0; i < 2; ++i)
      {
        const Matrix3x12 ei = spin_selector(i);
        dnum += 0.5 * ei.transpose() *
                (skew(r3) * skew(e2[i]) * ei + skew(e2[i]) * dr3 - skew(r2) * skew(e3[i]) * ei -
                 skew(e3[i]) * dr2);
      }
    dnum += (d.transpose() / l) * (r2 * ds3 + s3 * dr2 - r3 * ds2 - s2 * dr3) -
            (d.transpose() * g / (l * l)) * dl;
    second += (vr1 / c) * (dnum - tau.transpose() * dc);
    k -= second;
    return k;
  }
} // namespace corot::elements
