#include <integrators/time_element_basis.h>

#include <deal.II/base/polynomial.h>
#include <deal.II/base/quadrature_lib.h>

#include <array>
#include <stdexcept>
#include <vector>

namespace corot::integrators
{
  namespace
  {
    /** The binomial coefficient C(n, i), exact in long double for the orders used. */
    long double
    binomial(const unsigned n, const unsigned i)
    {
      long double result = 1.0L;
      for (unsigned m = 1; m <= i; ++m)
        result = result * (n - i + m) / m;
      return result;
    }
  } // namespace

  TimeElementBasis::TimeElementBasis(const unsigned order)
    : order_(order)
  {
    if (order == 0)
      throw std::invalid_argument("a time finite element needs ORDER >= 1");
    const unsigned                k = order;
    const dealii::QGauss<1>       gauss(k); // on [0, 1]
    std::vector<dealii::Point<1>> nodes{dealii::Point<1>(0.0)};
    gauss_points.resize(k);
    gauss_weights.resize(k);
    for (unsigned l = 0; l < k; ++l)
      {
        gauss_points[l]  = gauss.point(l)[0];
        gauss_weights[l] = gauss.weight(l);
        nodes.push_back(gauss.point(l));
      }
    // The tables are computed and kept in long double: a last-bit error of a
    // double-precision table (e.g. P_k(1)/P_k(0) = 1 + 2^-52) breaks the
    // discrete kinetic-energy identity by the same bias in every step, and the
    // energy then drifts linearly over many steps. deal.II's
    // Polynomial<long double> evaluates the Lagrange polynomials in product
    // form; the Legendre polynomial is the shifted one with integer
    // coefficients, P_k(tau) = sum_i (-1)^(k+i) C(k,i) C(k+i,i) tau^i
    // (P_k(0) = (-1)^k, P_k(1) = 1 exactly; only ratios of it enter).
    using Polynomial = dealii::Polynomials::Polynomial<long double>;
    std::vector<Polynomial> lagrange;
    for (unsigned j = 0; j <= k; ++j)
      lagrange.emplace_back(nodes, j);
    std::vector<long double> coefficients(k + 1);
    for (unsigned i = 0; i <= k; ++i)
      coefficients[i] = ((k + i) % 2 == 0 ? 1.0L : -1.0L) * binomial(k, i) * binomial(k + i, i);
    const Polynomial legendre(coefficients);

    // Value and first two derivatives of p at tau.
    auto derivatives = [](const Polynomial &p, const long double tau) {
      std::array<long double, 3> values;
      p.value(tau, 2, values.data());
      return values;
    };
    const long double legendre_start  = derivatives(legendre, 0.0L)[0];
    const auto        legendre_at_end = derivatives(legendre, 1.0L);

    stage_velocity.resize(k, k);
    stage_acceleration.resize(k, k);
    stage_acceleration_from_velocity.resize(k);
    end_displacement.resize(k);
    end_velocity.resize(k);
    end_acceleration.resize(k);
    std::vector<long double> legendre_slope(k);
    for (unsigned l = 0; l < k; ++l)
      {
        legendre_slope[l] = derivatives(legendre, nodes[l + 1][0])[1] / legendre_start;
        stage_acceleration_from_velocity[l] = legendre_slope[l];
      }
    for (unsigned j = 1; j <= k; ++j)
      {
        const long double slope_start = derivatives(lagrange[j], 0.0L)[1];
        const auto        at_end      = derivatives(lagrange[j], 1.0L);
        for (unsigned l = 0; l < k; ++l)
          {
            const auto at_stage          = derivatives(lagrange[j], nodes[l + 1][0]);
            stage_velocity(l, j - 1)     = at_stage[1];
            stage_acceleration(l, j - 1) = at_stage[2] - legendre_slope[l] * slope_start;
          }
        end_displacement[j - 1] = at_end[0];
        end_velocity[j - 1]     = at_end[1] - legendre_at_end[0] / legendre_start * slope_start;
        end_acceleration[j - 1] = at_end[2] - legendre_at_end[1] / legendre_start * slope_start;
      }
    end_velocity_from_velocity     = legendre_at_end[0] / legendre_start;
    end_acceleration_from_velocity = legendre_at_end[1] / legendre_start;
  }
} // namespace corot::integrators
