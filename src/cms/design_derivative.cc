#include <src/cms/design_derivative.h>

#include <boost/math/special_functions/binomial.hpp>

#include <cmath>

namespace corot::cms
{
  namespace
  {
    /** The terms K_1, K_2, ... of one matrix as a list. */
    std::vector<const SparseMatrix *>
    terms(const SparseMatrix &first, const std::vector<SparseMatrix> &higher)
    {
      std::vector<const SparseMatrix *> list{&first};
      for (const SparseMatrix &term : higher)
        list.push_back(&term);
      return list;
    }

    /** sum_p alpha^p K_p. */
    SparseMatrix
    evaluate(const std::vector<const SparseMatrix *> &list, const double alpha)
    {
      SparseMatrix sum(list.front()->rows(), list.front()->cols());
      for (unsigned p = 1; p <= list.size(); ++p)
        sum += std::pow(alpha, p) * *list[p - 1];
      return sum;
    }

    /** The terms of the polynomial shifted to @p alpha (DesignDerivative::about()). */
    std::vector<SparseMatrix>
    shifted(const std::vector<const SparseMatrix *> &list, const double alpha)
    {
      const unsigned            order = list.size();
      std::vector<SparseMatrix> result;
      for (unsigned q = 1; q <= order; ++q)
        {
          SparseMatrix term(list.front()->rows(), list.front()->cols());
          for (unsigned p = q; p <= order; ++p)
            term += boost::math::binomial_coefficient<double>(p, q) * std::pow(alpha, p - q) *
                    *list[p - 1];
          result.push_back(std::move(term));
        }
      return result;
    }
  } // namespace

  SparseMatrix
  DesignDerivative::stiffness_change(const double alpha) const
  {
    return evaluate(terms(stiffness_derivative, stiffness_higher), alpha);
  }

  SparseMatrix
  DesignDerivative::mass_change(const double alpha) const
  {
    return evaluate(terms(mass_derivative, mass_higher), alpha);
  }

  DesignDerivative
  DesignDerivative::about(const double alpha) const
  {
    DesignDerivative result;
    result.parameter = parameter;
    std::vector<SparseMatrix> stiffness =
      shifted(terms(stiffness_derivative, stiffness_higher), alpha);
    std::vector<SparseMatrix> mass = shifted(terms(mass_derivative, mass_higher), alpha);
    result.stiffness_derivative    = std::move(stiffness.front());
    result.mass_derivative         = std::move(mass.front());
    result.stiffness_higher.assign(std::make_move_iterator(stiffness.begin() + 1),
                                   std::make_move_iterator(stiffness.end()));
    result.mass_higher.assign(std::make_move_iterator(mass.begin() + 1),
                              std::make_move_iterator(mass.end()));
    return result;
  }
} // namespace corot::cms
