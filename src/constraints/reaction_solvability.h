#pragma once
/**
 * @file
 * Which reactions of a set of (possibly redundant) constraints are uniquely
 * determined: the test of Wojtyra & Fraczek (2013).
 */
#include <Eigen/Dense>

#include <string>
#include <utility>
#include <vector>

namespace corot::constraints
{
  /**
   * The reaction-solvability analysis of Wojtyra & Fraczek (2013),
   * "Solvability of reactions in rigid multibody systems with redundant
   * nonholonomic constraints", Multibody Syst. Dyn. 30, 153-171, eqs.
   * (15)-(27) (holonomic rows only here).
   *
   * Input: the rows of the linearised constraint matrix C (m x n, any rank),
   * each a sparse row over global coordinates, and groups of rows (a support
   * component, a joint, an MPC), for which the reaction f_X = C_X^T lambda_X
   * is asked about. With N an orthonormal basis of null(C^T) (the
   * self-equilibrated multiplier sets, p = m - rank C of them), f_X is
   * uniquely determined by the model iff
   *
   *     B_X = C_X^T N_X = 0                                       (eq. (27))
   *
   * (N_X the rows of N of the group), and lambda_X itself iff moreover C_X
   * has full row rank. The total reaction (all groups together) is always
   * unique.
   *
   * Computation, as the method's structure allows: the bipartite graph of
   * rows and the coordinates they touch splits into connected blocks, and C,
   * its rank and null(C^T) are block-diagonal over them; each block is a
   * small dense matrix whose singular value decomposition (Eigen's BDCSVD)
   * gives its rank (singular values above tolerance * the largest) and N.
   * Columns are scaled first (rotations by a characteristic length), which
   * changes neither the spans nor the verdicts, only the rank tolerance's
   * meaning. No dense m x m or n x n matrix of
   * the whole model is formed.
   */
  class ReactionSolvability
  {
  public:
    /** One constraint row: (coordinate, coefficient) pairs. */
    using Row = std::vector<std::pair<unsigned, double>>;

    /** A named group of rows whose reaction is reported together. */
    struct Group
    {
      std::string           name;
      std::vector<unsigned> rows;
    };

    /** The verdict on one group. */
    struct Verdict
    {
      std::string name;
      bool        unique;        ///< f_X uniquely determined (B_X = 0)
      bool        unique_lambda; ///< moreover C_X of full row rank (lambda_X unique)
      double      indeterminacy; ///< |B_X|_F / |C_X|_F (scaled columns)
      unsigned    block;         ///< connected block of its first row
    };

    /** A connected block of rows with redundancy. */
    struct RedundantBlock
    {
      unsigned                 redundancy; ///< p of the block
      std::vector<std::string> groups; ///< the groups that share the indeterminate part (B_X != 0)
    };

    /**
     * Analyses @p rows, grouped by @p groups (every row in at most one
     * group; rows in none still count for the rank). @p column_scale gives
     * a factor per coordinate (missing entries: 1). A singular value counts
     * when above @p tolerance times the block's largest; a group is unique
     * when |B_X|_F <= @p tolerance^(1/2) |C_X|_F.
     */
    ReactionSolvability(const std::vector<Row> &rows, const std::vector<Group> &groups,
                        const std::vector<double> &column_scale = {}, double tolerance = 1e-10);

    /** Number of rows m. */
    unsigned
    n_rows() const
    {
      return n_rows_;
    }

    /** rank C. */
    unsigned
    rank() const
    {
      return rank_;
    }

    /** Degree of redundancy p = m - rank C. */
    unsigned
    redundancy() const
    {
      return n_rows_ - rank_;
    }

    /** One verdict per group, in the order given. */
    const std::vector<Verdict> &
    verdicts() const
    {
      return verdicts_;
    }

    /** The connected blocks with p > 0. */
    const std::vector<RedundantBlock> &
    redundant_blocks() const
    {
      return redundant_blocks_;
    }

    /**
     * The orthonormal basis of null(C^T) restricted to @p row (p entries,
     * zeros for the other blocks' vectors): its self-equilibrated multipliers.
     */
    Eigen::VectorXd
    null_space_row(unsigned row) const;

    /**
     * Whether the combination sum_r w_r lambda_r of multipliers (@p weights:
     * row and w_r) is uniquely determined, i.e. orthogonal to every
     * self-equilibrated set: sum_r w_r N_r = 0 (to tolerance^(1/2) |w|). With
     * unit weights on supports of the same component this asks whether their
     * resultant is unique (e.g. the total vertical force of a plate on four
     * supports, which equilibrium fixes although each support's share is not).
     */
    bool
    unique_combination(const std::vector<std::pair<unsigned, double>> &weights) const;

  private:
    /** |C_G^T N_G|_F and |C_G|_F of rows @p rows. */
    std::pair<double, double>
    indeterminacy(const std::vector<unsigned> &rows) const;
    /** Row @p row of block @p block's null(C_b^T) (empty if the block has no null vectors). */
    Eigen::VectorXd
    null_vector_entries(unsigned block, unsigned row) const;

    unsigned n_rows_ = 0;
    unsigned rank_   = 0;
    double   tolerance_;
    /** Rows with scaled columns. */
    std::vector<Row> scaled_rows_;
    /** Block of each row, and each row's index inside its block. */
    std::vector<unsigned> row_block_, row_in_block_;
    /** Per block: null(C_b^T) (m_b x p_b) and the offset of its vectors among all p. */
    std::vector<Eigen::MatrixXd> null_spaces_;
    std::vector<unsigned>        null_offsets_;
    std::vector<Verdict>         verdicts_;
    std::vector<RedundantBlock>  redundant_blocks_;
  };
} // namespace corot::constraints
