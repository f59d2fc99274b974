#include <src/io/atomic_file.h>

#include <deal.II/base/exceptions.h>

#include <cstdio>
#include <fstream>

namespace corot::io
{
  void
  write_atomically(const std::string &file_name, const std::function<void(std::ostream &)> &write)
  {
    const std::string aside = file_name + ".tmp";
    {
      std::ofstream out(aside);
      AssertThrow(out, dealii::ExcMessage("cannot open " + aside + " for writing"));
      write(out);
      out.flush();
      AssertThrow(out, dealii::ExcMessage("error while writing " + aside));
    }
    AssertThrow(std::rename(aside.c_str(), file_name.c_str()) == 0,
                dealii::ExcMessage("cannot rename " + aside + " to " + file_name));
  }
} // namespace corot::io
