#include <src/constraints/reaction_solvability.h>

#include <boost/pending/disjoint_sets.hpp>

#include <cmath>
#include <map>

namespace corot::constraints
{
  ReactionSolvability::ReactionSolvability(const std::vector<Row>    &rows,
                                           const std::vector<Group>  &groups,
                                           const std::vector<double> &column_scale,
                                           const double               tolerance)
    : n_rows_(rows.size())
    , tolerance_(tolerance)
  {
    // Scaled rows.
    scaled_rows_ = rows;
    for (Row &row : scaled_rows_)
      for (auto &[column, value] : row)
        if (column < column_scale.size())
          value *= column_scale[column];

    // Connected blocks: rows joined through the coordinates they share.
    std::vector<unsigned>                        rank_storage(n_rows_), parent(n_rows_);
    boost::disjoint_sets<unsigned *, unsigned *> sets(rank_storage.data(), parent.data());
    for (unsigned r = 0; r < n_rows_; ++r)
      sets.make_set(r);
    std::map<unsigned, unsigned> first_row_of_column;
    for (unsigned r = 0; r < n_rows_; ++r)
      for (const auto &[column, value] : scaled_rows_[r])
        {
          const auto [it, inserted] = first_row_of_column.emplace(column, r);
          if (!inserted)
            sets.union_set(it->second, r);
        }
    std::map<unsigned, unsigned>       block_of_root;
    std::vector<std::vector<unsigned>> block_rows;
    row_block_.resize(n_rows_);
    row_in_block_.resize(n_rows_);
    for (unsigned r = 0; r < n_rows_; ++r)
      {
        const auto [it, inserted] = block_of_root.emplace(sets.find_set(r), block_rows.size());
        if (inserted)
          block_rows.emplace_back();
        row_block_[r]    = it->second;
        row_in_block_[r] = block_rows[it->second].size();
        block_rows[it->second].push_back(r);
      }

    // Per block: dense C_b, its SVD, rank and null(C_b^T).
    unsigned total_null = 0;
    for (const std::vector<unsigned> &members : block_rows)
      {
        std::map<unsigned, unsigned> local_column;
        for (const unsigned r : members)
          for (const auto &entry : scaled_rows_[r])
            local_column.emplace(entry.first, local_column.size());
        Eigen::MatrixXd block = Eigen::MatrixXd::Zero(members.size(), local_column.size());
        for (unsigned i = 0; i < members.size(); ++i)
          for (const auto &[column, value] : scaled_rows_[members[i]])
            block(i, local_column.at(column)) += value;
        const Eigen::BDCSVD<Eigen::MatrixXd> svd(block, Eigen::ComputeFullU);
        const Eigen::VectorXd               &sigma = svd.singularValues();
        unsigned                             rank  = 0;
        for (unsigned i = 0; i < sigma.size(); ++i)
          if (sigma[i] > tolerance * sigma[0])
            ++rank;
        rank_ += rank;
        const unsigned p = members.size() - rank;
        null_spaces_.push_back(svd.matrixU().rightCols(p));
        null_offsets_.push_back(total_null);
        total_null += p;
      }

    for (const Group &group : groups)
      {
        const auto [b, c]  = indeterminacy(group.rows);
        const double ratio = c > 0.0 ? b / c : 0.0;
        Verdict      verdict{group.name, ratio <= std::sqrt(tolerance), false, ratio,
                        group.rows.empty() ? 0u : row_block_[group.rows.front()]};
        if (verdict.unique)
          {
            // lambda_X unique iff C_X has full row rank.
            std::map<unsigned, unsigned> local_column;
            for (const unsigned r : group.rows)
              for (const auto &entry : scaled_rows_[r])
                local_column.emplace(entry.first, local_column.size());
            Eigen::MatrixXd cx = Eigen::MatrixXd::Zero(group.rows.size(), local_column.size());
            for (unsigned i = 0; i < group.rows.size(); ++i)
              for (const auto &[column, value] : scaled_rows_[group.rows[i]])
                cx(i, local_column.at(column)) += value;
            const Eigen::BDCSVD<Eigen::MatrixXd> svd(cx);
            unsigned                             rank = 0;
            for (unsigned i = 0; i < svd.singularValues().size(); ++i)
              if (svd.singularValues()[i] > tolerance * svd.singularValues()[0])
                ++rank;
            verdict.unique_lambda = rank == group.rows.size();
          }
        verdicts_.push_back(verdict);
      }

    // A group may span several blocks (e.g. a tie's in-plane and
    // out-of-plane rows): list it under each redundant block where its part
    // of B_X is not zero.
    for (unsigned b = 0; b < null_spaces_.size(); ++b)
      if (null_spaces_[b].cols() > 0)
        {
          RedundantBlock block{static_cast<unsigned>(null_spaces_[b].cols()), {}};
          for (unsigned g = 0; g < groups.size(); ++g)
            {
              std::vector<unsigned> part;
              for (const unsigned r : groups[g].rows)
                if (row_block_[r] == b)
                  part.push_back(r);
              if (part.empty())
                continue;
              const auto [b_norm, c_norm] = indeterminacy(part);
              if (c_norm > 0.0 && b_norm > std::sqrt(tolerance) * c_norm)
                block.groups.push_back(groups[g].name);
            }
          redundant_blocks_.push_back(block);
        }
  }

  Eigen::VectorXd
  ReactionSolvability::null_space_row(const unsigned row) const
  {
    unsigned total = 0;
    for (const Eigen::MatrixXd &n : null_spaces_)
      total += n.cols();
    Eigen::VectorXd result = Eigen::VectorXd::Zero(total);
    const unsigned  b      = row_block_[row];
    result.segment(null_offsets_[b], null_spaces_[b].cols()) =
      null_vector_entries(b, row_in_block_[row]);
    return result;
  }

  Eigen::VectorXd
  ReactionSolvability::null_vector_entries(const unsigned block, const unsigned row) const
  {
    // A block without null vectors stores no entries (a null data pointer): a row view of it
    // would offset that pointer, which is undefined behaviour (UBSan, .ci/sanitizers).
    const Eigen::MatrixXd &null_space = null_spaces_[block];
    if (null_space.cols() == 0)
      return Eigen::VectorXd();
    return null_space.row(row).transpose();
  }

  std::pair<double, double>
  ReactionSolvability::indeterminacy(const std::vector<unsigned> &rows) const
  {
    // B = sum over rows r of c_r^T N_r, kept per (block, coordinate): the
    // blocks' null vectors have disjoint supports, so |B|^2 adds over blocks.
    std::map<std::pair<unsigned, unsigned>, Eigen::VectorXd> b;
    double                                                   c_norm_2 = 0.0;
    for (const unsigned r : rows)
      {
        const unsigned        block = row_block_[r];
        const Eigen::VectorXd n     = null_vector_entries(block, row_in_block_[r]);
        for (const auto &[column, value] : scaled_rows_[r])
          {
            c_norm_2 += value * value;
            auto it = b.find({block, column});
            if (it == b.end())
              it = b.emplace(std::make_pair(block, column), Eigen::VectorXd::Zero(n.size())).first;
            it->second += value * n;
          }
      }
    double b_norm_2 = 0.0;
    for (const auto &entry : b)
      b_norm_2 += entry.second.squaredNorm();
    return {std::sqrt(b_norm_2), std::sqrt(c_norm_2)};
  }

  bool
  ReactionSolvability::unique_combination(
    const std::vector<std::pair<unsigned, double>> &weights) const
  {
    std::map<unsigned, Eigen::VectorXd> sums; // per block
    double                              weight_2 = 0.0;
    for (const auto &[row, weight] : weights)
      {
        const unsigned block = row_block_[row];
        auto           it    = sums.find(block);
        if (it == sums.end())
          it = sums.emplace(block, Eigen::VectorXd::Zero(null_spaces_[block].cols())).first;
        it->second += weight * null_vector_entries(block, row_in_block_[row]);
        weight_2 += weight * weight;
      }
    double sum_2 = 0.0;
    for (const auto &entry : sums)
      sum_2 += entry.second.squaredNorm();
    return sum_2 <= tolerance_ * weight_2;
  }
} // namespace corot::constraints
