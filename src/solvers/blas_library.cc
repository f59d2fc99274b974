#include <src/solvers/blas_library.h>

#include <dlfcn.h>
#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace corot::solvers
{
  namespace
  {
    /** The real path of the shared object defining @p symbol in the global scope, or "". */
    std::string
    defining_object(const char *symbol)
    {
      void   *address = dlsym(RTLD_DEFAULT, symbol);
      Dl_info info;
      if (address == nullptr || dladdr(address, &info) == 0 || info.dli_fname == nullptr)
        return "";
      std::error_code error;
      const auto      path = std::filesystem::canonical(info.dli_fname, error);
      return error ? std::string(info.dli_fname) : path.string();
    }

    /** A function of the loaded BLAS by name (OpenBLAS extensions), or nullptr. */
    template <typename Function>
    Function *
    blas_extension(const char *name)
    {
      return reinterpret_cast<Function *>(dlsym(RTLD_DEFAULT, name));
    }
  } // namespace

  std::string
  BlasLibrary::describe() const
  {
    std::ostringstream line;
    line << (blas.empty() ? std::string("unknown") : blas);
    if (!config.empty() || threads > 0)
      {
        line << " (" << config;
        if (threads > 0)
          line << (config.empty() ? "" : ", ") << threads << " thread" << (threads == 1 ? "" : "s");
        line << ")";
      }
    return line.str();
  }

  BlasLibrary
  loaded_blas_library()
  {
    BlasLibrary library;
    library.blas   = defining_object("dgemm_");
    library.lapack = defining_object("dgetrf_");
    if (auto *get_config = blas_extension<char *()>("openblas_get_config"))
      library.config = get_config();
    if (auto *get_threads = blas_extension<int()>("openblas_get_num_threads"))
      library.threads = get_threads();
    return library;
  }

  int
  configure_blas_threads(MPI_Comm communicator)
  {
    MPI_Comm node;
    MPI_Comm_split_type(communicator, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int ranks_here = 1;
    MPI_Comm_size(node, &ranks_here);
    MPI_Comm_free(&node);

    auto *set_threads = blas_extension<void(int)>("openblas_set_num_threads");
    auto *get_threads = blas_extension<int()>("openblas_get_num_threads");
    if (set_threads == nullptr || get_threads == nullptr)
      return 0;
    if (std::getenv("OPENBLAS_NUM_THREADS") == nullptr && std::getenv("OMP_NUM_THREADS") == nullptr)
      {
        cpu_set_t cores;
        const int available =
          sched_getaffinity(0, sizeof(cores), &cores) == 0 ? CPU_COUNT(&cores) : 1;
        set_threads(std::max(1, available / std::max(1, ranks_here)));
      }
    return get_threads();
  }
} // namespace corot::solvers
