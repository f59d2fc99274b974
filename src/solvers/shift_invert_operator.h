#pragma once
/**
 * @file
 * The shift-and-invert operator (K - sigma M)^{-1} M as an Epetra_Operator,
 * for Anasazi.
 */
#include <Amesos_BaseSolver.h>
#include <Epetra_CrsMatrix.h>
#include <Epetra_LinearProblem.h>
#include <Epetra_Operator.h>

#include <memory>
#include <string>

namespace corot::solvers
{
  /**
   * Y = (K - sigma M)^{-1} M X with one Amesos (KLU) factorization of the
   * shifted matrix. For K x = lambda M x its eigenvalues are
   * nu = 1/(lambda - sigma), so the largest nu are the lambda nearest sigma.
   */
  class ShiftInvertOperator : public Epetra_Operator
  {
  public:
    /** Factorizes @p shifted = K - sigma M; @p mass is M. Both must outlive this object. */
    ShiftInvertOperator(const Epetra_CrsMatrix &shifted, const Epetra_CrsMatrix &mass);
    ~ShiftInvertOperator() override;

    int
    Apply(const Epetra_MultiVector &X, Epetra_MultiVector &Y) const override;

    /**
     * The factorization used, e.g. "MUMPS, ordering METIS (INFOG(7) = 5)": for
     * MUMPS the fill-reducing ordering its analysis chose (INFOG(7), MUMPS
     * 5.5 users' guide, sec. 6.1; ICNTL(7) = 7 lets it choose), or "KLU".
     */
    const std::string &
    description() const
    {
      return description_;
    }

    /** Not provided. */
    int
    ApplyInverse(const Epetra_MultiVector &, Epetra_MultiVector &) const override
    {
      return -1;
    }
    int
    SetUseTranspose(bool) override
    {
      return -1;
    }
    double
    NormInf() const override
    {
      return 0.0;
    }
    const char *
    Label() const override
    {
      return "(K - sigma M)^-1 M";
    }
    bool
    UseTranspose() const override
    {
      return false;
    }
    bool
    HasNormInf() const override
    {
      return false;
    }
    const Epetra_Comm &
    Comm() const override
    {
      return mass_.Comm();
    }
    const Epetra_Map &
    OperatorDomainMap() const override
    {
      return mass_.OperatorDomainMap();
    }
    const Epetra_Map &
    OperatorRangeMap() const override
    {
      return mass_.OperatorRangeMap();
    }

  private:
    const Epetra_CrsMatrix               &mass_;
    std::unique_ptr<Epetra_LinearProblem> problem_;
    std::unique_ptr<Amesos_BaseSolver>    solver_;
    std::string                           description_;
  };
} // namespace corot::solvers
